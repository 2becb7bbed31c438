import { authRoutes, type EmailInput } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function resendConfirmation(input: EmailInput) {
  return callApi(authRoutes.resendConfirmation, { body: input });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
