import { authRoutes, type SignInInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '@/lib/api-client';
import { authKeys } from './auth-query-keys';

/** SPEC 6: only administrators get a session here; anyone else gets NOT_ADMIN and no session. */
export function adminSignIn(input: SignInInput) {
  return callApi(authRoutes.adminSignIn, { body: input });
}

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
