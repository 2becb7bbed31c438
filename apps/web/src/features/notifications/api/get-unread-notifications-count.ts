import { notificationRoutes, type UnreadNotificationsQuery } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './notification-query-keys';

/**
 * The bell asks again every minute: nothing pushes notifications to the page yet, and the SPEC 9
 * cache (5 min, no refetch on focus) would otherwise keep the badge stale until a reload.
 */
const UNREAD_COUNT_REFRESH_MS = 60_000;

export function getUnreadNotificationsCount(query: UnreadNotificationsQuery, signal?: AbortSignal) {
  return callApi(notificationRoutes.unreadCount, { query, signal });
}

export function unreadNotificationsCountQueryOptions(query: UnreadNotificationsQuery) {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(query),
    queryFn: ({ signal }) => getUnreadNotificationsCount(query, signal),
    refetchInterval: UNREAD_COUNT_REFRESH_MS,
  });
}

export function useUnreadNotificationsCount(query: UnreadNotificationsQuery) {
  return useQuery(unreadNotificationsCountQueryOptions(query));
}
