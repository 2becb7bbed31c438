import {
  type CreateGroupSessionInput,
  courseRoutes,
  type GroupSessionLearnerQuery,
  type GroupSessionListQuery,
  groupSessionRoutes,
  type UpdateGroupSessionInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { groupSessionKeys } from './group-session-query-keys';

export function useTrainerGroupSessions(query: GroupSessionListQuery) {
  return useQuery({
    queryKey: groupSessionKeys.trainerList(query),
    queryFn: ({ signal }) => callApi(groupSessionRoutes.listForTrainer, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminGroupSessions(query: GroupSessionListQuery) {
  return useQuery({
    queryKey: groupSessionKeys.adminList(query),
    queryFn: ({ signal }) => callApi(groupSessionRoutes.listForAdmin, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGroupSession(id: string | null) {
  return useQuery({
    queryKey: groupSessionKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callApi(groupSessionRoutes.get, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** The organisation's learners matching the picker's search. */
export function useSessionLearners(query: GroupSessionLearnerQuery) {
  return useQuery({
    queryKey: groupSessionKeys.learners(query),
    queryFn: ({ signal }) => callApi(groupSessionRoutes.listLearners, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The organisation's formations a session may belong to (the 100 newest). */
export function useSessionCourseOptions() {
  return useQuery({
    queryKey: groupSessionKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
  });
}

function useSessionMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateDomains(queryClient, ['group-sessions']) });
}

export const useCreateGroupSession = () =>
  useSessionMutation((body: CreateGroupSessionInput) => callApi(groupSessionRoutes.create, { body }));

export const useUpdateGroupSession = () =>
  useSessionMutation(({ id, body }: { id: string; body: UpdateGroupSessionInput }) =>
    callApi(groupSessionRoutes.update, { params: { id }, body }),
  );

export const useDeleteGroupSession = () =>
  useSessionMutation((id: string) => callApi(groupSessionRoutes.remove, { params: { id } }));
