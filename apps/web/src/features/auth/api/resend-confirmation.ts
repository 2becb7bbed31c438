import type { EmailInput } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { loadAuthCalls } from './load-auth-calls';

const resendConfirmation = async (input: EmailInput) => (await loadAuthCalls()).resendConfirmation(input);

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
