import {
  type EmailPreferences,
  emailPreferenceRoutes,
  type UpdateEmailPreferencesInput,
} from '@cursus/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    emailPreferences: true;
  }
}

export const emailPreferenceKeys = {
  all: getDomainKey('emailPreferences'),
  mine: () => [...emailPreferenceKeys.all, 'mine'] as const,
  unsubscribe: (token: string) => [...emailPreferenceKeys.all, 'unsubscribe', token] as const,
};

export function emailPreferencesQueryOptions() {
  return queryOptions({
    queryKey: emailPreferenceKeys.mine(),
    queryFn: ({ signal }) => callApi(emailPreferenceRoutes.get, { signal }),
  });
}

export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions());
}

/**
 * Saves the toggles changed. The boxes show the choice at once (the cache is updated before the
 * answer), and go back if the save fails; the answer then replaces the list.
 */
export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  const key = emailPreferenceKeys.mine();
  return useMutation({
    mutationFn: (body: UpdateEmailPreferencesInput) => callApi(emailPreferenceRoutes.update, { body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<EmailPreferences>(key);
      if (previous) {
        const changed = new Map(body.preferences.map((each) => [each.kind, each.enabled]));
        queryClient.setQueryData<EmailPreferences>(key, {
          preferences: previous.preferences.map((each) => ({
            ...each,
            enabled: changed.get(each.kind) ?? each.enabled,
          })),
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (preferences: EmailPreferences) => queryClient.setQueryData(key, preferences),
  });
}

/** What an unsubscribe link names; reading it changes nothing (link scanners fetch pages too). */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: emailPreferenceKeys.unsubscribe(token),
    queryFn: ({ signal }) => callApi(emailPreferenceRoutes.inspectUnsubscribe, { query: { token }, signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useConfirmUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(emailPreferenceRoutes.unsubscribe, { query: { token } }),
    onSuccess: (result) => {
      queryClient.setQueryData(emailPreferenceKeys.unsubscribe(token), result);
      return queryClient.invalidateQueries({ queryKey: emailPreferenceKeys.mine() });
    },
  });
}
