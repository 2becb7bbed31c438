import { privacyRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

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
