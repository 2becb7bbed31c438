import { authRoutes, type SignUpInput } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Creates the account; no session follows until the email is confirmed (SPEC 4). */
export function signUp(input: SignUpInput) {
  return callApi(authRoutes.signUp, { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
