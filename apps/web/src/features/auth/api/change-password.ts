import { authRoutes, type ChangePasswordInput } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Changes the signed-in person's password; the server closes their other sessions. */
export function changePassword(input: ChangePasswordInput) {
  return callApi(authRoutes.changePassword, { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
