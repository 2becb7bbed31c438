import { quizAccessRoutes, type SubmitGuestAnswersInput } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function startPositioning(token: string, name: string) {
  return callApi(quizAccessRoutes.startPositioning, { body: { token, name } });
}

export function useStartPositioning(token: string) {
  return useMutation({ mutationFn: (name: string) => startPositioning(token, name) });
}

/** Uses the link up: it works once. */
export function submitPositioning(token: string, answers: SubmitGuestAnswersInput['answers']) {
  return callApi(quizAccessRoutes.submitPositioning, { body: { token, answers } });
}

export function useSubmitPositioning(token: string) {
  return useMutation({
    mutationFn: (answers: SubmitGuestAnswersInput['answers']) => submitPositioning(token, answers),
  });
}
