import { authRoutes, type SignInInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from './get-session';

export function signIn(input: SignInInput) {
  return callApi(authRoutes.signIn, { body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => queryClient.setQueryData(SESSION_QUERY_KEY, result),
  });
}
