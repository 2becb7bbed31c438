import { messageRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { messageKeys } from './messages-query-keys';

/** Opens the conversation with that person, or finds the one that exists. */
export function startConversation(participantId: string) {
  return callApi(messageRoutes.startConversation, { body: { participantId } });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData(messageKeys.conversation(conversation.id), conversation);
      return queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}
