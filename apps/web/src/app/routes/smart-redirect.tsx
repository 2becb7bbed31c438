import { SMART_REDIRECT_WAIT_MS } from '@cursus/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { getHomeHref, paths } from '@/config/paths';
import { AuthUnavailable } from '@/features/auth/components/auth-unavailable';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** SPEC 2 smart redirect at '/': each role to its space, visitors to /auth. */
export default function SmartRedirectRoute() {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const [hasWaitedTooLong, setHasWaitedTooLong] = useState(false);

  useEffect(() => {
    // SPEC 2: after 3 s without a role, give up waiting and offer to sign in.
    const timer = window.setTimeout(() => setHasWaitedTooLong(true), SMART_REDIRECT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (auth.status === 'ready') {
    if (auth.role) return <Navigate to={getHomeHref(auth.role)} replace />;
    if (!auth.user) {
      if (auth.sessionError) return <AuthUnavailable error={auth.sessionError} />;
      return <Navigate to={paths.auth.getHref()} replace />;
    }
  }
  if (hasWaitedTooLong) return <Navigate to={paths.auth.getHref()} replace />;
  return <FullPageSpinner label={t('connecting')} />;
}
