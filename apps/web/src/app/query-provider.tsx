import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { getSessionSnapshot, subscribeToSession } from '@/features/auth/session-store';
import { createQueryClient } from '@/lib/react-query';

/**
 * The app's query cache. This module loads with the first page that fetches data, not with the
 * sign-in screen (issue 12: TanStack Query is about 12 KB gzipped that signing in does not use).
 */
const queryClient = createQueryClient();

// Nothing fetched for the previous person may show to the next one on this device: when the person
// signed in changes (signed out, or another account), the cache is emptied.
let cachedFor = getSessionSnapshot().user?.id ?? null;
subscribeToSession(() => {
  const userId = getSessionSnapshot().user?.id ?? null;
  if (cachedFor !== null && userId !== cachedFor) queryClient.clear();
  cachedFor = userId;
});

/** Gives the pages the app's cache, or leaves the one a test (or an outer page) already provides. */
export default function QueryProvider({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
