import { organizationSettingsRoutes, type UpdateOrganizationSettingsInput } from '@cursus/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { organizationSettingsKeys } from './organization-settings-query-keys';

/** The organisation's name, logo and colours, as every member's frame shows them. */
export function organizationBrandingQueryOptions() {
  return queryOptions({
    queryKey: organizationSettingsKeys.branding(),
    queryFn: ({ signal }) => callApi(organizationSettingsRoutes.getBranding, { signal }),
    // A brand changes rarely: the frame reads it once per visit, saving it refreshes it at once.
    staleTime: 10 * 60 * 1000,
  });
}

export function useOrganizationBranding(options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationBrandingQueryOptions(), enabled: options.enabled ?? true });
}

/** Saves name, logo and colour (the page reads the session again: it carries the name too). */
export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationSettingsInput) =>
      callApi(organizationSettingsRoutes.updateSettings, { body }),
    onSuccess: (branding) => queryClient.setQueryData(organizationSettingsKeys.branding(), branding),
  });
}
