import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** SPEC 2 /forgot-password: asks for a reset link, which leads to /reset-password. */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  return (
    <PublicLayout title={t('forgotPassword.title')} description={t('forgotPassword.description')}>
      <div className="flex flex-col gap-4">
        <ForgotPasswordForm />
        <Link
          to={paths.auth.getHref({ mode: 'signin' })}
          className={buttonClassName('link', 'md', 'self-center')}
        >
          {t('forgotPassword.backToSignIn')}
        </Link>
      </div>
    </PublicLayout>
  );
}
