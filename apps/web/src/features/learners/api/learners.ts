import {
  type AdminLearnerListQuery,
  type AdminLearnerRecord,
  courseRoutes,
  type ImportLearnersInput,
  type InviteLearnerInput,
  type LearnerListQuery,
  type LearnerRecord,
  learnerRoutes,
  type UpdateAdministrativeInfoInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getDomainKey, invalidateDomains } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    learners: true;
  }
}

export const learnerKeys = {
  all: getDomainKey('learners'),
  list: (query: LearnerListQuery) => [...learnerKeys.all, 'list', query] as const,
  adminList: (query: AdminLearnerListQuery) => [...learnerKeys.all, 'admin-list', query] as const,
  detail: (studentId: string) => [...learnerKeys.all, 'detail', studentId] as const,
  adminDetail: (studentId: string) => [...learnerKeys.all, 'admin-detail', studentId] as const,
  settings: () => [...learnerKeys.all, 'settings'] as const,
  courseOptions: () => [...learnerKeys.all, 'course-options'] as const,
};

export function useLearners(query: LearnerListQuery, { enabled = true } = {}) {
  return useQuery({
    queryKey: learnerKeys.list(query),
    queryFn: ({ signal }) => callApi(learnerRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A platform admin's list: every organisation's learners, or one organisation's. */
export function useAdminLearners(query: AdminLearnerListQuery, { enabled = true } = {}) {
  return useQuery({
    queryKey: learnerKeys.adminList(query),
    queryFn: ({ signal }) => callApi(learnerRoutes.adminList, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A learner's record: the organisation's (staff), or any organisation's read by a platform admin. */
export function useLearner(studentId: string, { platform = false } = {}) {
  return useQuery({
    queryKey: platform ? learnerKeys.adminDetail(studentId) : learnerKeys.detail(studentId),
    queryFn: ({ signal }): Promise<LearnerRecord | AdminLearnerRecord> =>
      platform
        ? callApi(learnerRoutes.adminGet, { params: { studentId }, signal })
        : callApi(learnerRoutes.get, { params: { studentId }, signal }),
  });
}

/** The organisation's formations (the 100 newest), to filter by or to enrol in. */
export function useCourseOptions({ enabled = true } = {}) {
  return useQuery({
    queryKey: learnerKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
    enabled,
  });
}

export function useLearnerSettings() {
  return useQuery({
    queryKey: learnerKeys.settings(),
    queryFn: ({ signal }) => callApi(learnerRoutes.getSettings, { signal }),
  });
}

/** New learners and enrolments show in the formations' and the dashboards' figures too. */
const CHANGED_BY_NEW_LEARNERS = ['learners', 'courses', 'analytics'] as const;

export function useRefreshLearners() {
  const queryClient = useQueryClient();
  return () => invalidateDomains(queryClient, CHANGED_BY_NEW_LEARNERS);
}

export function useInviteLearner() {
  const refresh = useRefreshLearners();
  return useMutation({
    mutationFn: (body: InviteLearnerInput) => callApi(learnerRoutes.invite, { body }),
    onSuccess: refresh,
  });
}

/** The server reads the file itself, so every browser gets the same encoding and separator. */
export function previewImport(file: string) {
  return callApi(learnerRoutes.previewImport, { body: { file } });
}

/** One batch of checked rows; the caller refreshes the lists once the whole import is done. */
export function importLearners(body: ImportLearnersInput) {
  return callApi(learnerRoutes.importRows, { body });
}

export function useUpdateLearnerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectsSocialSecurityNumber: boolean) =>
      callApi(learnerRoutes.updateSettings, { body: { collectsSocialSecurityNumber } }),
    // Switching off erases the stored numbers: every open record must read again.
    onSuccess: () => invalidateDomains(queryClient, ['learners']),
  });
}

export function useUpdateAdministrative(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdministrativeInfoInput) =>
      callApi(learnerRoutes.updateAdministrative, { params: { studentId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnerKeys.detail(studentId) }),
  });
}
