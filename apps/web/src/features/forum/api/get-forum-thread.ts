import { forumRoutes } from '@cursus/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { forumKeys } from './forum-query-keys';

export function getForumThread(threadId: string, signal?: AbortSignal) {
  return callApi(forumRoutes.getThread, { params: { id: threadId }, signal });
}

/** A thread with its replies, oldest first. */
export function useForumThread(threadId: string) {
  return useQuery({
    queryKey: forumKeys.thread(threadId),
    queryFn: ({ signal }) => getForumThread(threadId, signal),
  });
}
