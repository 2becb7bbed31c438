import { authRoutes, type Language } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { authKeys } from './auth-query-keys';

/** Saves the interface language on the account, so it follows the person to other devices. */
export function updatePreferences(input: { language: Language }) {
  return callApi(authRoutes.updatePreferences, { body: input });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (result) => queryClient.setQueryData(authKeys.session(), result),
  });
}
