import { type AdminCourseQuery, type AssignCourseInput, adminRoutes } from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { adminKeys } from './admin-query-keys';

/** Every organisation's formations: the sources an admin may assign. */
export function useCatalogue(query: AdminCourseQuery) {
  return useQuery({
    queryKey: adminKeys.catalogue(query),
    queryFn: ({ signal }) => callApi(adminRoutes.catalogue, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The copy is a new formation of the organisation: formations' lists and figures change. */
const CHANGED_BY_ASSIGNMENT = ['admin', 'courses', 'analytics'] as const;

export function useAssignCourse(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignCourseInput) =>
      callApi(adminRoutes.assignCourse, { params: { organizationId }, body }),
    onSuccess: () => invalidateDomains(queryClient, CHANGED_BY_ASSIGNMENT),
  });
}
