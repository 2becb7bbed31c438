import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from './auth-query-keys';
import { loadAuthCalls } from './load-auth-calls';

const signOut = async () => (await loadAuthCalls()).signOut();

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
