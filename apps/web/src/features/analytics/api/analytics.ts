import {
  type AnalyticsChart,
  type AnalyticsQuery,
  analyticsRoutes,
  courseRoutes,
  type UpdateIndicatorSettingsInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    analytics: true;
  }
}

export const analyticsKeys = {
  all: getDomainKey('analytics'),
  dashboard: () => [...analyticsKeys.all, 'dashboard'] as const,
  analytics: (query: AnalyticsQuery) => [...analyticsKeys.all, 'analytics', query] as const,
  courseOptions: () => [...analyticsKeys.all, 'course-options'] as const,
  indicatorSettings: () => [...analyticsKeys.all, 'indicator-settings'] as const,
  publicIndicators: (organizationId: string) => [...analyticsKeys.all, 'public', organizationId] as const,
};

/** The organisation's key figures (every organisation's for an admin). */
export function useTrainerDashboard() {
  return useQuery({
    queryKey: analyticsKeys.dashboard(),
    queryFn: ({ signal }) => callApi(analyticsRoutes.dashboard, { signal }),
  });
}

export function useAnalytics(query: AnalyticsQuery) {
  return useQuery({
    queryKey: analyticsKeys.analytics(query),
    queryFn: ({ signal }) => callApi(analyticsRoutes.analytics, { query, signal }),
    // The previous period's charts stay while the next one loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}

/** The organisation's formations for the filter (the 100 newest). */
export function useCourseOptions() {
  return useQuery({
    queryKey: analyticsKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
  });
}

/** The CSV export of one chart, with the same period and formation; the server names the file. */
export function getExportHref(chart: AnalyticsChart, query: AnalyticsQuery): string {
  const search = new URLSearchParams({ chart });
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return `${analyticsRoutes.exportAnalytics.path}?${search}`;
}

export function useIndicatorSettings() {
  return useQuery({
    queryKey: analyticsKeys.indicatorSettings(),
    queryFn: ({ signal }) => callApi(analyticsRoutes.indicatorSettings, { signal }),
  });
}

export function useUpdateIndicatorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateIndicatorSettingsInput) =>
      callApi(analyticsRoutes.updateIndicatorSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(analyticsKeys.indicatorSettings(), settings),
  });
}

export function usePublicIndicators(organizationId: string) {
  return useQuery({
    queryKey: analyticsKeys.publicIndicators(organizationId),
    queryFn: ({ signal }) =>
      callApi(analyticsRoutes.publicIndicators, { params: { organizationId }, signal }),
    retry: false,
  });
}
