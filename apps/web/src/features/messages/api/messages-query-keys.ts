import type { ConversationListQuery, MessageContactListQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    messages: true;
  }
}

/** Every query of the feature starts with 'messages': the live stream refreshes them all by that name. */
export const messageKeys = {
  all: getDomainKey('messages'),
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  conversationList: (query: ConversationListQuery) =>
    [...messageKeys.conversations(), 'list', query] as const,
  conversation: (id: string) => [...messageKeys.conversations(), 'one', id] as const,
  thread: (id: string) => [...messageKeys.all, 'thread', id] as const,
  unreadCount: () => [...messageKeys.all, 'unread-count'] as const,
  contacts: (query: MessageContactListQuery) => [...messageKeys.all, 'contacts', query] as const,
};
