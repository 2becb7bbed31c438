import { useParams } from 'react-router';
import { isQrToken } from '@/features/attendance/api/sign-attendance';
import { SignScreen } from '@/features/attendance/components/sign-screen';
import { RequireRole } from '@/features/auth/components/require-role';

/**
 * /sign/{token}: an emailed link works signed out; a room's QR code signs the signed-in learner, so
 * it goes through sign-in first and comes back here.
 */
export default function SignRoute() {
  const { token = '' } = useParams();
  const screen = <SignScreen key={token} token={token} />;
  return isQrToken(token) ? <RequireRole allow={['student']}>{screen}</RequireRole> : screen;
}
