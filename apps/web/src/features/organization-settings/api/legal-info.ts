import {
  adminSettingsRoutes,
  organizationSettingsRoutes,
  type UpdateLegalInfoInput,
} from '@cursus/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { organizationSettingsKeys } from './organization-settings-query-keys';

/** The caller's organisation's legal info, or, for a platform admin, the one `organizationId` names. */
export function useLegalInfo(organizationId?: string) {
  return useQuery({
    queryKey: organizationSettingsKeys.legalInfo(organizationId),
    queryFn: ({ signal }) =>
      organizationId
        ? callApi(adminSettingsRoutes.getLegalInfo, { params: { organizationId }, signal })
        : callApi(organizationSettingsRoutes.getLegalInfo, { signal }),
  });
}

export function useUpdateLegalInfo(organizationId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLegalInfoInput) =>
      organizationId
        ? callApi(adminSettingsRoutes.updateLegalInfo, { params: { organizationId }, body })
        : callApi(organizationSettingsRoutes.updateLegalInfo, { body }),
    onSuccess: (legal) => queryClient.setQueryData(organizationSettingsKeys.legalInfo(organizationId), legal),
  });
}
