import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths, type UnauthorizedState } from '@/config/paths';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { notify } from '@/lib/toast';

/** SPEC 2 /admin: administrators sign in here; anyone else is refused and sent to /unauthorized (SPEC 6). */
export default function AdminSignInRoute() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const auth = useAuth();
  const navigate = useNavigate();
  const refusedState: UnauthorizedState = { from: paths.adminSignIn.getHref(), reason: 'NOT_ADMIN' };

  if (auth.status === 'loading') return <FullPageSpinner label={t('common:loading')} />;
  if (auth.role === 'admin') return <Navigate to={paths.admin.dashboard.getHref()} replace />;
  if (auth.user) return <Navigate to={paths.unauthorized.getHref()} replace state={refusedState} />;

  const onNotAdmin = () => {
    notify.error(t('errors:NOT_ADMIN'));
    navigate(paths.unauthorized.getHref(), { replace: true, state: refusedState });
  };

  return (
    <PublicLayout title={t('auth:adminSignIn.title')} description={t('auth:adminSignIn.description')}>
      <SignInForm variant="admin" onNotAdmin={onNotAdmin} />
    </PublicLayout>
  );
}
