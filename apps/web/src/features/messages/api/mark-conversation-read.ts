import { messageRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { messageKeys } from './messages-query-keys';

export function markConversationRead(conversationId: string) {
  return callApi(messageRoutes.markRead, { params: { id: conversationId } });
}

/** Reading a thread clears its unread count in the list and the badge; the thread itself is unchanged. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.conversations() }),
        queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount() }),
      ]),
  });
}
