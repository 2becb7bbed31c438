import type { SignInInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from './auth-query-keys';
import { loadAuthCalls } from './load-auth-calls';

const signIn = async (input: SignInInput) => (await loadAuthCalls()).signIn(input);

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => queryClient.setQueryData(authKeys.session(), result),
  });
}
