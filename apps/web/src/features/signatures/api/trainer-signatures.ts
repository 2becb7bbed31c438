import { courseRoutes, signatureRoutes, type TrainerSignatureListQuery } from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { signatureKeys } from './signature-query-keys';

export function useTrainerSignatures(query: TrainerSignatureListQuery) {
  return useQuery({
    queryKey: signatureKeys.trainerList(query),
    queryFn: ({ signal }) => callApi(signatureRoutes.listForTrainer, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The organisation's formations, for the list's filter (the 100 newest). */
export function useSignatureCourseOptions() {
  return useQuery({
    queryKey: signatureKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
  });
}

/** Emails missing-signature to the learner (once a day per signature, the server says). */
export function useRemindSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(signatureRoutes.remind, { params: { id } }),
    onSuccess: () => invalidateDomains(queryClient, ['signatures']),
  });
}
