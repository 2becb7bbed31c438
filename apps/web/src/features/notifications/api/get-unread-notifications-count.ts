import { notificationRoutes, type UnreadNotificationsQuery } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './notification-query-keys';

export function getUnreadNotificationsCount(query: UnreadNotificationsQuery, signal?: AbortSignal) {
  return callApi(notificationRoutes.unreadCount, { query, signal });
}

export function unreadNotificationsCountQueryOptions(query: UnreadNotificationsQuery) {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(query),
    // No polling: the live stream (useLiveNotifications) marks the count stale when one arrives.
    queryFn: ({ signal }) => getUnreadNotificationsCount(query, signal),
  });
}

export function useUnreadNotificationsCount(query: UnreadNotificationsQuery) {
  return useQuery(unreadNotificationsCountQueryOptions(query));
}
