import { authRoutes, type ResetPasswordInput } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function resetPassword(input: ResetPasswordInput) {
  return callApi(authRoutes.resetPassword, { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
