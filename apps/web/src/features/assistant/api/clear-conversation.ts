import { assistantRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** Clear: the server forgets the conversation and its messages. */
export function clearConversation(conversationId: string) {
  return callApi(assistantRoutes.clear, { params: { conversationId } });
}
