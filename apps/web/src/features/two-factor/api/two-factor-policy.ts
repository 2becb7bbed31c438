import { type TwoFactorPolicy, twoFactorRoutes } from '@cursus/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { twoFactorKeys } from './two-factor-query-keys';

export function twoFactorPolicyQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.policy(),
    queryFn: ({ signal }) => callApi(twoFactorRoutes.getPolicy, { signal }),
  });
}

/** The organisation's requirement, for its staff (organisation settings). */
export function useTwoFactorPolicy() {
  return useQuery(twoFactorPolicyQueryOptions());
}

export function useUpdateTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorPolicy) => callApi(twoFactorRoutes.updatePolicy, { body }),
    onSuccess: (policy) => {
      queryClient.setQueryData(twoFactorKeys.policy(), policy);
      // The person saving it is staff too: their own status may now say "required".
      return queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() });
    },
  });
}
