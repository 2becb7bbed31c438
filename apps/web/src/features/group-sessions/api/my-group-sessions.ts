import { groupSessionRoutes, type LearnerGroupSessionListQuery } from '@cursus/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { groupSessionKeys } from './group-session-query-keys';

export function useMyGroupSessions(query: LearnerGroupSessionListQuery) {
  return useQuery({
    queryKey: groupSessionKeys.mine(query),
    queryFn: ({ signal }) => callApi(groupSessionRoutes.listMine, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyGroupSession(id: string) {
  return useQuery({
    queryKey: groupSessionKeys.mineOne(id),
    queryFn: ({ signal }) => callApi(groupSessionRoutes.getMine, { params: { id }, signal }),
  });
}
