import { type MarkAllNotificationsReadInput, notificationRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './notification-query-keys';

/** SPEC 4: every unread one becomes read, optionally only one notification type or context. */
export function markAllNotificationsRead(input: MarkAllNotificationsReadInput) {
  return callApi(notificationRoutes.markAllRead, { body: input });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
