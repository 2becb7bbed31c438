import { type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { OfflineBanner } from '@/components/offline-banner';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { setLoggerSignedIn } from '@/lib/error-logger';
import { i18n } from '@/lib/i18n';
import { initTheme } from '@/lib/theme';

/** system_logs accepts signed-in users only: the logger follows the session. */
function ErrorLoggerSession() {
  const { user } = useAuth();
  const isSignedIn = user !== null;
  useEffect(() => setLoggerSignedIn(isSignedIn), [isSignedIn]);
  return null;
}

/** Common is loaded before the first render (main.tsx), so this never waits itself. */
function TranslationsLoading() {
  const { t } = useTranslation('common');
  return <FullPageSpinner label={t('loading')} />;
}

/**
 * Everything a page may rely on: translations, the session and toasts. The query cache's provider
 * loads with the pages that fetch data (app/root-route.tsx), not with the sign-in screen (issue 12).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => initTheme(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <AuthProvider>
        <ErrorLoggerSession />
        <OfflineBanner />
        {/* Routes load their namespaces first (app/router.tsx); a component reading one nobody
            loaded waits here for it instead of showing raw keys. */}
        <Suspense fallback={<TranslationsLoading />}>{children}</Suspense>
        <Toaster />
      </AuthProvider>
    </I18nextProvider>
  );
}
