import {
  type TwoFactorCodeInput,
  type TwoFactorDisableInput,
  type TwoFactorPasswordInput,
  type TwoFactorStatus,
  twoFactorRoutes,
} from '@cursus/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { twoFactorKeys } from './two-factor-query-keys';

export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: ({ signal }) => callApi(twoFactorRoutes.status, { signal }),
  });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}

/** Every change below renews what the section shows (on, off, recovery codes left). */
function useStatusRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() });
}

/** Enrolment's first step: a new secret, shown as a QR code, not active until confirmed. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (body: TwoFactorPasswordInput) => callApi(twoFactorRoutes.enable, { body }),
  });
}

/** The first code: the second factor is on, and the recovery codes come back this once. */
export function useConfirmTwoFactor() {
  const refresh = useStatusRefresh();
  return useMutation({
    mutationFn: (body: TwoFactorCodeInput) => callApi(twoFactorRoutes.confirm, { body }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useStatusRefresh();
  return useMutation({
    mutationFn: (body: TwoFactorDisableInput) => callApi(twoFactorRoutes.disable, { body }),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorPasswordInput) => callApi(twoFactorRoutes.regenerateRecoveryCodes, { body }),
    onSuccess: ({ recoveryCodes }) =>
      queryClient.setQueryData<TwoFactorStatus>(twoFactorKeys.status(), (status) =>
        status ? { ...status, recoveryCodesLeft: recoveryCodes.length } : status,
      ),
  });
}
