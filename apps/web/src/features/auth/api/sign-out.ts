import { authRoutes } from '@cursus/contracts';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { authKeys } from './auth-query-keys';

export function signOut() {
  return callApi(authRoutes.signOut);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // Nothing fetched for the previous person may show to the next one on this device. The session
      // query itself is kept (and emptied) so that components watching it hear about the change.
      const sessionHash = hashKey(authKeys.session());
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash });
      queryClient.setQueryData(authKeys.session(), { user: null });
    },
  });
}
