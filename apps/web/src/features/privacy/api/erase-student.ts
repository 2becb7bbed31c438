import { privacyRoutes } from '@cursus/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { privacyKeys } from './privacy-query-keys';

/** What erasing the learner now would keep, until when: asked as the confirmation opens. */
export function useErasurePreview(studentId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: privacyKeys.erasurePreview(studentId),
    queryFn: ({ signal }) => callApi(privacyRoutes.erasurePreview, { params: { studentId }, signal }),
    enabled: options.enabled,
    // The date moves with the day: asked again at each opening.
    staleTime: 0,
    gcTime: 0,
  });
}

export function eraseStudent(studentId: string) {
  return callApi(privacyRoutes.eraseStudent, { params: { studentId } });
}

/** The learner's name and records change everywhere: the lists and pages that show them refresh. */
export function useEraseStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseStudent,
    onSuccess: () => invalidateDomains(queryClient, ['learners', 'documents', 'messages']),
  });
}
