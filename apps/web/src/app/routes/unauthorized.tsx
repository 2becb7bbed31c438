import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { paths, type UnauthorizedState } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { getErrorMessage, isClientErrorCode } from '@/lib/error-message';
import { notify } from '@/lib/toast';

/** SPEC 2 /unauthorized: a guard or the admin sign-in refused access; says which page and offers a way out. */
export default function UnauthorizedRoute() {
  const { t } = useTranslation(['common', 'errors']);
  const auth = useAuth();
  const location = useLocation();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const [hasSignedOutHere, setHasSignedOutHere] = useState(false);
  const state = (location.state ?? {}) as UnauthorizedState;
  const from = typeof state.from === 'string' ? state.from : undefined;

  const onSignOut = async () => {
    setIsSigningOut(true);
    try {
      await auth.signOut();
      setHasSignedOutHere(true);
    } catch (error) {
      notify.error(getErrorMessage(error));
      setIsSigningOut(false);
    }
  };

  // Leave once the session is really gone, or /auth would still see the old user and send them back.
  if (hasSignedOutHere && !auth.user) return <Navigate to={paths.auth.getHref({ mode: 'signin' })} replace />;

  return (
    <PublicLayout title={t('common:unauthorized.title')} description={t('common:unauthorized.description')}>
      <div className="flex flex-col gap-4">
        {state.reason && isClientErrorCode(state.reason) && (
          <Alert variant="error">{t(`errors:${state.reason}`)}</Alert>
        )}
        {from && (
          <p className="text-sm text-foreground">{t('common:unauthorized.requestedPath', { path: from })}</p>
        )}
        {auth.user && (
          <p className="text-sm text-muted-foreground">{t('common:unauthorized.otherAccount')}</p>
        )}
        <div className="flex flex-wrap gap-3">
          <Link to={paths.home.getHref()} className={buttonClassName('primary')}>
            {t('common:actions.backHome')}
          </Link>
          {auth.user && (
            <Button variant="secondary" onClick={onSignOut} isLoading={isSigningOut}>
              {t('common:actions.signOut')}
            </Button>
          )}
        </div>
      </div>
    </PublicLayout>
  );
}
