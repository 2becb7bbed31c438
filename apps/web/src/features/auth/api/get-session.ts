import { authRoutes, type SessionUser } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { authKeys } from './auth-query-keys';

export type SessionResult = { user: SessionUser | null };

/** The signed-in person, or null. The cookie is http-only, so asking the server is the only way to know. */
export function getSession(signal?: AbortSignal): Promise<SessionResult> {
  return callApi(authRoutes.session, { signal });
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: authKeys.session(), queryFn: ({ signal }) => getSession(signal) });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
