import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { OfflineBanner } from '@/components/offline-banner';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { setLoggerSignedIn } from '@/lib/error-logger';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { initTheme } from '@/lib/theme';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client to start from a clean cache. */
  queryClient?: ReturnType<typeof createQueryClient>;
}

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

/** Everything a page may rely on: translations, the query cache, the session and toasts. */
export function AppProvider({ children, queryClient: givenClient }: AppProviderProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  useEffect(() => initTheme(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ErrorLoggerSession />
          <OfflineBanner />
          {/* Routes load their namespaces first (app/router.tsx); a component reading one nobody
              loaded waits here for it instead of showing raw keys. */}
          <Suspense fallback={<TranslationsLoading />}>{children}</Suspense>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
