import { quizAccessRoutes, type SendPositioningInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizAccessKeys } from './quiz-access-query-keys';

/** Bulk send: one outcome per line; each address gets its own single-use link by email. */
export function sendPositioning(body: SendPositioningInput) {
  return callApi(quizAccessRoutes.sendPositioning, { body });
}

export function useSendPositioning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPositioning,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizAccessKeys.invitations() }),
  });
}
