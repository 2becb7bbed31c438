import { authRoutes, type EmailInput } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function forgotPassword(input: EmailInput) {
  return callApi(authRoutes.forgotPassword, { body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
