import {
  courseRoutes,
  type MarketplaceListQuery,
  marketplaceRoutes,
  type ShareFormationInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getDomainKey, invalidateDomains } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    marketplace: true;
  }
}

export const marketplaceKeys = {
  all: getDomainKey('marketplace'),
  list: (query: MarketplaceListQuery) => [...marketplaceKeys.all, 'list', query] as const,
  preview: (id: string) => [...marketplaceKeys.all, 'preview', id] as const,
  ownFormations: () => [...marketplaceKeys.all, 'own-formations'] as const,
};

export function useMarketplaceListings(query: MarketplaceListQuery) {
  return useQuery({
    queryKey: marketplaceKeys.list(query),
    queryFn: ({ signal }) => callApi(marketplaceRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMarketplacePreview(id: string) {
  return useQuery({
    queryKey: marketplaceKeys.preview(id),
    queryFn: ({ signal }) => callApi(marketplaceRoutes.preview, { params: { id }, signal }),
  });
}

/** The organisation's formations one may share (the 100 newest). */
export function useOwnFormations() {
  return useQuery({
    queryKey: marketplaceKeys.ownFormations(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
  });
}

export function useShareFormation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareFormationInput) => callApi(marketplaceRoutes.share, { body }),
    onSuccess: () => invalidateDomains(queryClient, ['marketplace']),
  });
}

export function useUnshareListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(marketplaceRoutes.unshare, { params: { id } }),
    onSuccess: () => invalidateDomains(queryClient, ['marketplace']),
  });
}

/** The copy is a new formation: the formations' lists are refreshed too. */
export function useImportListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(marketplaceRoutes.import, { params: { id } }),
    onSuccess: () => invalidateDomains(queryClient, ['marketplace', 'courses']),
  });
}
