import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** SPEC 2 /reset-password?token=…: the target of the emailed reset link. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  return (
    <PublicLayout title={t('auth:resetPassword.title')} description={t('auth:resetPassword.description')}>
      {token ? (
        <ResetPasswordForm
          token={token}
          onPasswordReset={() =>
            navigate(paths.auth.getHref({ mode: 'signin', passwordUpdated: true }), { replace: true })
          }
        />
      ) : (
        <Alert
          variant="error"
          action={
            <Link to={paths.forgotPassword.getHref()} className={buttonClassName('link', 'md', 'self-start')}>
              {t('auth:resetPassword.requestNewLink')}
            </Link>
          }
        >
          {t('errors:RESET_LINK_INVALID')}
        </Alert>
      )}
    </PublicLayout>
  );
}
