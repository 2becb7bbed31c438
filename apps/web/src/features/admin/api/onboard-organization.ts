import { adminRoutes, type OnboardOrganizationInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

/** A new organisation and its manager show in the admin lists and the platform's figures. */
const CHANGED_BY_ONBOARDING = ['admin', 'analytics', 'trainers'] as const;

export function useOnboardOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardOrganizationInput) => callApi(adminRoutes.onboard, { body }),
    onSuccess: () => invalidateDomains(queryClient, CHANGED_BY_ONBOARDING),
  });
}
