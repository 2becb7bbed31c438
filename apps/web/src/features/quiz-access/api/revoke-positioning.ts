import { quizAccessRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizAccessKeys } from './quiz-access-query-keys';

/** Withdraws a link not answered yet: it then leads nowhere. */
export function revokePositioning(invitationId: string) {
  return callApi(quizAccessRoutes.revokePositioning, { params: { id: invitationId } });
}

export function useRevokePositioning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePositioning,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizAccessKeys.invitations() }),
  });
}
