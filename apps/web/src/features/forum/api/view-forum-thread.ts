import { forumRoutes } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Counts the reader once; the server ignores later calls for the same thread. */
export function useViewForumThread() {
  return useMutation({
    mutationFn: (threadId: string) => callApi(forumRoutes.viewThread, { params: { id: threadId } }),
  });
}
