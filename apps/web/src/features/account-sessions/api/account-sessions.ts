import { type AccountStatus, accountSessionRoutes } from '@cursus/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    accountSessions: true;
  }
}

export const accountSessionKeys = {
  all: getDomainKey('accountSessions'),
  mine: () => [...accountSessionKeys.all, 'mine'] as const,
  account: (userId: string) => [...accountSessionKeys.all, 'account', userId] as const,
};

export function accountSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountSessionKeys.mine(),
    queryFn: ({ signal }) => callApi(accountSessionRoutes.list, { signal }),
  });
}

/** The signed-in person's own sessions. */
export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions());
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(accountSessionRoutes.revoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionKeys.mine() }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(accountSessionRoutes.revokeOthers),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionKeys.mine() }),
  });
}

/** An account's status as an admin sees it on a person's details page. */
export function useAccountStatus(userId: string) {
  return useQuery({
    queryKey: accountSessionKeys.account(userId),
    queryFn: ({ signal }) => callApi(accountSessionRoutes.accountStatus, { params: { userId }, signal }),
    enabled: userId !== '',
  });
}

type AccountAction = 'revokeAccountSessions' | 'disableAccount' | 'enableAccount' | 'removeTwoFactor';

/** An admin's action on an account; the status shown is refreshed from the answer or refetched. */
export function useAccountAction(userId: string, action: AccountAction) {
  const queryClient = useQueryClient();
  const key = accountSessionKeys.account(userId);
  return useMutation({
    mutationFn: () => callApi(accountSessionRoutes[action], { params: { userId } }),
    onSuccess: (result) => {
      if ('disabledAt' in result) queryClient.setQueryData<AccountStatus>(key, result);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
