import { QUERY_CACHE } from '@cursus/contracts';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';

/** SPEC 9 query cache: stale 5 min, kept 10 min, one retry, no refetch on focus, mount (unless invalidated) or reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        gcTime: QUERY_CACHE.gcTimeMs,
        // A 4xx answer will not change on a second try (no session, no right, bad input): retry only
        // transport and server failures.
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < QUERY_CACHE.retry;
        },
        refetchOnWindowFocus: false,
        // SPEC 9's "no refetch on mount" is for answers that merely aged. An answer a change made out
        // of date (invalidated: a lesson completed, a notification read) is asked again when a screen
        // showing it mounts, also when the refetch started at the change was cancelled by leaving.
        refetchOnMount: (query) => query.state.isInvalidated,
        refetchOnReconnect: false,
      },
    },
  });
}
