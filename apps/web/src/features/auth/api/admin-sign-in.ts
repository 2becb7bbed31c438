import type { SignInInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { authKeys } from './auth-query-keys';
import { loadAuthCalls } from './load-auth-calls';

const adminSignIn = async (input: SignInInput) => (await loadAuthCalls()).adminSignIn(input);

export function useAdminSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminSignIn,
    onSuccess: (result) => queryClient.setQueryData(authKeys.session(), result),
    onError: (error) => {
      // The server signs a refused non-admin out: forget any session we still hold.
      if (isApiError(error, 'NOT_ADMIN')) queryClient.setQueryData(authKeys.session(), { user: null });
    },
  });
}
