import { type ListNotificationsQuery, notificationRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './notification-query-keys';

/** The person's own notifications, newest first, at most 50 (SPEC 7 and 9). */
export function getNotifications(query: ListNotificationsQuery, signal?: AbortSignal) {
  return callApi(notificationRoutes.list, { query, signal });
}

export function notificationsQueryOptions(query: ListNotificationsQuery) {
  return queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => getNotifications(query, signal),
  });
}

export function useNotifications(
  query: ListNotificationsQuery,
  options: { enabled?: boolean; refetchOnMount?: boolean } = {},
) {
  return useQuery({ ...notificationsQueryOptions(query), ...options });
}
