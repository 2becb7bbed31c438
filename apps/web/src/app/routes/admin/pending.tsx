import { PendingScreen } from '@/app/pending-screen';

/** The admin space's screens whose feature arrives with a later issue. */
export default function AdminPendingRoute() {
  return <PendingScreen />;
}
