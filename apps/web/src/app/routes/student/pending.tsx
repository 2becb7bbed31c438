import { PendingScreen } from '@/app/pending-screen';

/** The student space's screens whose feature arrives with a later issue. */
export default function StudentPendingRoute() {
  return <PendingScreen />;
}
