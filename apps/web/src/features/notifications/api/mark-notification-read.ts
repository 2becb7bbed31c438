import { notificationRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './notification-query-keys';

/** SPEC 4: an unread notification becomes read when clicked. */
export function markNotificationRead(id: string) {
  return callApi(notificationRoutes.markRead, { params: { id } });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
