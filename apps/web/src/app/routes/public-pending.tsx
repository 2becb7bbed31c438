import { PublicPendingScreen } from '@/app/pending-screen';

/** Public screens whose content or feature is not in this version yet. */
export default function PublicPendingRoute() {
  return <PublicPendingScreen />;
}
