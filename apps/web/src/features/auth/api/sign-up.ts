import type { SignUpInput } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { loadAuthCalls } from './load-auth-calls';

const signUp = async (input: SignUpInput) => (await loadAuthCalls()).signUp(input);

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
