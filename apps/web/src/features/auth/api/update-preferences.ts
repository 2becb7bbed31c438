import type { Language } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from './auth-query-keys';
import { loadAuthCalls } from './load-auth-calls';

const updatePreferences = async (input: { language: Language }) =>
  (await loadAuthCalls()).updatePreferences(input);

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (result) => queryClient.setQueryData(authKeys.session(), result),
  });
}
