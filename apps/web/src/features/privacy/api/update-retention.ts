import { privacyRoutes, type UpdateRetentionInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { privacyKeys } from './privacy-query-keys';

export function updateRetention(input: UpdateRetentionInput) {
  return callApi(privacyRoutes.updateRetention, { body: input });
}

export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetention,
    onSuccess: (settings) => queryClient.setQueryData(privacyKeys.retention(), settings),
  });
}
