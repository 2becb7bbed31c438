import { achievementRoutes, type CreateBadgeInput, type UpdateBadgeInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

export function createBadge(body: CreateBadgeInput) {
  return callApi(achievementRoutes.createBadge, { body });
}

export function updateBadge({ id, changes }: { id: string; changes: UpdateBadgeInput }) {
  return callApi(achievementRoutes.updateBadge, { params: { id }, body: changes });
}

export function deleteBadge(id: string) {
  return callApi(achievementRoutes.deleteBadge, { params: { id } });
}

/** Every change refreshes the list and, for a learner in the same browser, their screen. */
function useBadgeMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateDomains(queryClient, ['achievements']),
  });
}

export const useCreateBadge = () => useBadgeMutation(createBadge);
export const useUpdateBadge = () => useBadgeMutation(updateBadge);
export const useDeleteBadge = () => useBadgeMutation(deleteBadge);
