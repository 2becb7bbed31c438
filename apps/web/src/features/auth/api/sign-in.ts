import { authRoutes, type SignInInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { authKeys } from './auth-query-keys';

export function signIn(input: SignInInput) {
  return callApi(authRoutes.signIn, { body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => queryClient.setQueryData(authKeys.session(), result),
  });
}
