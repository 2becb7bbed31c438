import { Navigate, Outlet, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * SPEC 2 /questions-hub/{id}: a student's own route, while trainers and admins are sent to the
 * organisation's forum. Sits under a guard that lets any signed-in person through.
 */
export function QuestionsHubSwitch() {
  const { role } = useAuth();
  const { organizationId = '' } = useParams();
  if (role === 'trainer' || role === 'admin')
    return <Navigate to={paths.trainer.organizationForum.getHref(organizationId)} replace />;
  return <Outlet />;
}
