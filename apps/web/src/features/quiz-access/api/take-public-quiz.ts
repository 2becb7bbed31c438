import {
  quizAccessRoutes,
  type StartPublicAttemptInput,
  type SubmitGuestAnswersInput,
} from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function startPublicAttempt(quizId: string, body: StartPublicAttemptInput) {
  return callApi(quizAccessRoutes.startPublicAttempt, { params: { quizId }, body });
}

export function useStartPublicAttempt(quizId: string) {
  return useMutation({ mutationFn: (body: StartPublicAttemptInput) => startPublicAttempt(quizId, body) });
}

/** Once per attempt: the server scores what it receives and closes the attempt. */
export function submitPublicAttempt(quizId: string, attemptId: string, body: SubmitGuestAnswersInput) {
  return callApi(quizAccessRoutes.submitPublicAttempt, { params: { quizId, attemptId }, body });
}

export function useSubmitPublicAttempt(quizId: string) {
  return useMutation({
    mutationFn: ({ attemptId, body }: { attemptId: string; body: SubmitGuestAnswersInput }) =>
      submitPublicAttempt(quizId, attemptId, body),
  });
}
