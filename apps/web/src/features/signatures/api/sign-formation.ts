import { signatureRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

/** Signs the formation (or its module) with the drawn PNG. */
export function signFormation(input: { courseId: string; moduleIndex: number | null; image: string }) {
  return callApi(signatureRoutes.sign, {
    params: { courseId: input.courseId },
    body: { moduleIndex: input.moduleIndex, image: input.image },
  });
}

export function useSignFormation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signFormation,
    onSuccess: () => invalidateDomains(queryClient, ['signatures']),
  });
}
