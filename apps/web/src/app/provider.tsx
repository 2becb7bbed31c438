import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { OfflineBanner } from '@/components/offline-banner';
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
          {children}
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
