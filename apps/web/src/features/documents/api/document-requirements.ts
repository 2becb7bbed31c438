import {
  type DocumentRequirementInput,
  documentRequirementRoutes,
  type OrganizationChecksQuery,
  type RequirementOverviewQuery,
  type ReviewRequirementInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { documentKeys } from './documents';

/** Under the documents' keys: a document uploaded or replaced refreshes the checks it answers. */
export const requirementKeys = {
  all: () => [...documentKeys.all, 'requirements'] as const,
  list: () => [...requirementKeys.all(), 'list'] as const,
  overview: (query: RequirementOverviewQuery) => [...requirementKeys.all(), 'overview', query] as const,
  organization: (organizationId: string, query: OrganizationChecksQuery) =>
    [...requirementKeys.all(), 'organization', organizationId, query] as const,
  mineAsStaff: (query: OrganizationChecksQuery) => [...requirementKeys.all(), 'staff', query] as const,
  mine: () => [...requirementKeys.all(), 'mine'] as const,
};

export function useDocumentRequirements() {
  return useQuery({
    queryKey: requirementKeys.list(),
    queryFn: ({ signal }) => callApi(documentRequirementRoutes.list, { signal }),
  });
}

export function useRequirementOverview(query: RequirementOverviewQuery) {
  return useQuery({
    queryKey: requirementKeys.overview(query),
    queryFn: ({ signal }) => callApi(documentRequirementRoutes.overview, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganizationChecks(organizationId: string, query: OrganizationChecksQuery) {
  return useQuery({
    queryKey: requirementKeys.organization(organizationId, query),
    queryFn: ({ signal }) =>
      callApi(documentRequirementRoutes.organization, { params: { organizationId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffChecks(query: OrganizationChecksQuery) {
  return useQuery({
    queryKey: requirementKeys.mineAsStaff(query),
    queryFn: ({ signal }) => callApi(documentRequirementRoutes.mineAsStaff, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyChecks() {
  return useQuery({
    queryKey: requirementKeys.mine(),
    queryFn: ({ signal }) => callApi(documentRequirementRoutes.mine, { signal }),
  });
}

/** A requirement changed or a document reviewed moves the checks of every list shown. */
function useRefreshRequirements() {
  const queryClient = useQueryClient();
  return () => invalidateDomains(queryClient, ['documents']);
}

export function useSaveRequirement() {
  const refresh = useRefreshRequirements();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DocumentRequirementInput }) =>
      id
        ? callApi(documentRequirementRoutes.update, { params: { id }, body })
        : callApi(documentRequirementRoutes.create, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteRequirement() {
  const refresh = useRefreshRequirements();
  return useMutation({
    mutationFn: (id: string) => callApi(documentRequirementRoutes.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useReviewRequirement() {
  const refresh = useRefreshRequirements();
  return useMutation({
    mutationFn: ({ requirementId, body }: { requirementId: string; body: ReviewRequirementInput }) =>
      callApi(documentRequirementRoutes.review, { params: { id: requirementId }, body }),
    onSuccess: refresh,
  });
}
