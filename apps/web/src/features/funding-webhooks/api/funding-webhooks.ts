import {
  type AddTrainingReferenceInput,
  courseRoutes,
  fundingWebhookRoutes,
  organizationRoutes,
  type WebhookLogQuery,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getDomainKey, invalidateDomains } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    fundingWebhooks: true;
  }
}

export const fundingWebhookKeys = {
  all: getDomainKey('fundingWebhooks'),
  list: (query: WebhookLogQuery) => [...fundingWebhookKeys.all, 'list', query] as const,
  recent: () => [...fundingWebhookKeys.all, 'recent'] as const,
  detail: (logId: string) => [...fundingWebhookKeys.all, 'detail', logId] as const,
  endpoint: (organizationId: string) => [...fundingWebhookKeys.all, 'endpoint', organizationId] as const,
  organizations: () => [...fundingWebhookKeys.all, 'organizations'] as const,
  courses: (organizationId: string) => [...fundingWebhookKeys.all, 'courses', organizationId] as const,
};

export function useWebhookLogs(query: WebhookLogQuery) {
  return useQuery({
    queryKey: fundingWebhookKeys.list(query),
    queryFn: ({ signal }) => callApi(fundingWebhookRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** SPEC 7: read only while the panel is open. */
export function useRecentWebhookLogs(options: { enabled: boolean }) {
  return useQuery({
    queryKey: fundingWebhookKeys.recent(),
    queryFn: ({ signal }) => callApi(fundingWebhookRoutes.recent, { signal }),
    enabled: options.enabled,
  });
}

export function useWebhookLog(logId: string) {
  return useQuery({
    queryKey: fundingWebhookKeys.detail(logId),
    queryFn: ({ signal }) => callApi(fundingWebhookRoutes.get, { params: { logId }, signal }),
  });
}

export function useReplayWebhook(logId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(fundingWebhookRoutes.replay, { params: { logId } }),
    // A replay may invite a learner and enrol them: their lists read again too.
    onSuccess: () => invalidateDomains(queryClient, ['fundingWebhooks']),
  });
}

/** Every organisation, for the filter and the receiving settings (the admin's list). */
export function useWebhookOrganizations() {
  return useQuery({
    queryKey: fundingWebhookKeys.organizations(),
    queryFn: ({ signal }) => callApi(organizationRoutes.list, { signal }),
  });
}

/** The organisation's formations (the 100 newest), to link a reference to. */
export function useOrganizationCourses(organizationId: string) {
  return useQuery({
    queryKey: fundingWebhookKeys.courses(organizationId),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { organizationId, pageSize: 100 }, signal }),
  });
}

export function useWebhookEndpoint(organizationId: string) {
  return useQuery({
    queryKey: fundingWebhookKeys.endpoint(organizationId),
    queryFn: ({ signal }) =>
      callApi(fundingWebhookRoutes.getEndpoint, { params: { organizationId }, signal }),
  });
}

export function useRevealSecret(organizationId: string) {
  return useMutation({
    mutationFn: () => callApi(fundingWebhookRoutes.revealSecret, { params: { organizationId } }),
  });
}

export function useRotateSecret(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(fundingWebhookRoutes.rotateSecret, { params: { organizationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingWebhookKeys.endpoint(organizationId) }),
  });
}

export function useAddReference(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddTrainingReferenceInput) =>
      callApi(fundingWebhookRoutes.addReference, { params: { organizationId }, body }),
    onSuccess: (endpoint) => queryClient.setQueryData(fundingWebhookKeys.endpoint(organizationId), endpoint),
  });
}

export function useRemoveReference(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      callApi(fundingWebhookRoutes.removeReference, { params: { organizationId }, body: { reference } }),
    onSuccess: (endpoint) => queryClient.setQueryData(fundingWebhookKeys.endpoint(organizationId), endpoint),
  });
}
