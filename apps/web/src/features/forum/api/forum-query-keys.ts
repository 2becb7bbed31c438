import type { ForumThreadListQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    forum: true;
  }
}

export const forumKeys = {
  all: getDomainKey('forum'),
  threads: (query: ForumThreadListQuery) => [...forumKeys.all, 'threads', query] as const,
  thread: (threadId: string) => [...forumKeys.all, 'thread', threadId] as const,
  trainers: (organizationId: string | undefined) =>
    [...forumKeys.all, 'trainers', organizationId ?? ''] as const,
};
