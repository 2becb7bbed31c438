import { PendingScreen } from '@/app/pending-screen';

/** The trainer space's screens whose feature arrives with a later issue. */
export default function TrainerPendingRoute() {
  return <PendingScreen />;
}
