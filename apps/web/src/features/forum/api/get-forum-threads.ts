import { type ForumThreadListQuery, forumRoutes } from '@cursus/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { forumKeys } from './forum-query-keys';

export function getForumThreads(query: ForumThreadListQuery, signal?: AbortSignal) {
  return callApi(forumRoutes.listThreads, { query, signal });
}

export function useForumThreads(query: ForumThreadListQuery) {
  return useQuery({
    queryKey: forumKeys.threads(query),
    queryFn: ({ signal }) => getForumThreads(query, signal),
    placeholderData: keepPreviousData,
  });
}
