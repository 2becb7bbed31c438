import { LIVE_NOTIFICATION_EVENT, type NotificationKind } from '@cursus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToLiveStream } from '@/lib/live-stream';
import { invalidateDomains, type QueryDomain } from '@/lib/query-domains';
import { notificationKeys } from '../api/notification-query-keys';

/**
 * The other screens a new notification's kind makes stale, by query domain (features never import
 * each other): a question's hub, a forum thread, a conversation.
 */
const STALE_DOMAINS: Partial<Record<NotificationKind, readonly QueryDomain[]>> = {
  question_created: ['questions'],
  question_replied: ['questions'],
  student_reply_received: ['questions'],
  question_assigned: ['questions'],
  forum_mention: ['forum'],
  forum_reply: ['forum'],
  message_received: ['messages'],
  group_session_scheduled: ['group-sessions'],
  certificate_issued: ['certificates'],
  achievement: ['achievements'],
  exercise_submitted: ['exercises'],
  exercise_reviewed: ['exercises'],
};

/** What a `notification` event carries, checked by hand: this runs on every screen, zod need not load. */
function kindOf(data: unknown): string | undefined {
  try {
    const event: unknown = JSON.parse(String(data));
    return typeof event === 'object' && event !== null && 'type' in event && typeof event.type === 'string'
      ? event.type
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Listens to the live stream (Server-Sent Events) while someone is signed in: each new notification
 * refreshes the bell and the screens of its domain at once. The browser's EventSource reconnects by
 * itself; whatever was announced while it was away is fetched again when it is back.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let hasOpened = false;
    const onOpen = () => {
      if (hasOpened) queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      hasOpened = true;
    };
    const onNotification = (event: MessageEvent) => {
      queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      const kind = kindOf(event.data) as NotificationKind | undefined;
      void invalidateDomains(queryClient, (kind && STALE_DOMAINS[kind]) ?? []);
    };
    return listenToLiveStream({ open: onOpen, [LIVE_NOTIFICATION_EVENT]: onNotification });
  }, [queryClient]);
}
