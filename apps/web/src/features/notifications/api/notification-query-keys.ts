import type { ListNotificationsQuery, UnreadNotificationsQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    notifications: true;
  }
}

/** Query keys of the notifications feature: opening the bell refreshes every one of them. */
export const notificationKeys = {
  all: getDomainKey('notifications'),
  list: (query: ListNotificationsQuery) => [...notificationKeys.all, 'list', query] as const,
  unreadCount: (query: UnreadNotificationsQuery) => [...notificationKeys.all, 'unread-count', query] as const,
};
