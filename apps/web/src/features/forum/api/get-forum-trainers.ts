import { forumRoutes } from '@cursus/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { forumKeys } from './forum-query-keys';

/** Who may be named with @: the organisation's trainers and admins. */
export function useForumTrainers(organizationId: string | undefined) {
  return useQuery({
    queryKey: forumKeys.trainers(organizationId),
    queryFn: ({ signal }) => callApi(forumRoutes.listTrainers, { query: { organizationId }, signal }),
    select: (list) => list.items,
    staleTime: 5 * 60_000,
  });
}
