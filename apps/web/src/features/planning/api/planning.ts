import { type PlanningCalendarQuery, planningRoutes, type RescheduleSessionInput } from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getDomainKey, invalidateDomains } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    planning: true;
  }
}

export const planningKeys = {
  all: getDomainKey('planning'),
  calendar: (query: PlanningCalendarQuery) => [...planningKeys.all, 'calendar', query] as const,
  filters: () => [...planningKeys.all, 'filters'] as const,
  feed: () => [...planningKeys.all, 'feed'] as const,
};

/** The sessions and formation dates of the period shown; the previous period stays while the next loads. */
export function usePlanningCalendar(query: PlanningCalendarQuery | null) {
  return useQuery({
    queryKey: planningKeys.calendar(query ?? { from: '', to: '' }),
    queryFn: ({ signal }) => callApi(planningRoutes.calendar, { query: query!, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    // Sessions change on other screens (group sessions, formations), which do not refresh this one.
    refetchOnMount: 'always',
  });
}

export function usePlanningFilters() {
  return useQuery({
    queryKey: planningKeys.filters(),
    queryFn: ({ signal }) => callApi(planningRoutes.filters, { signal }),
  });
}

/** Moving a session changes the group sessions' lists too. */
export function useRescheduleSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RescheduleSessionInput & { id: string }) =>
      callApi(planningRoutes.reschedule, { params: { id }, body }),
    onSettled: () => invalidateDomains(queryClient, ['planning', 'group-sessions']),
  });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: planningKeys.feed(),
    queryFn: ({ signal }) => callApi(planningRoutes.getFeed, { signal }),
  });
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(planningRoutes.resetFeed),
    onSuccess: (feed) => queryClient.setQueryData(planningKeys.feed(), feed),
  });
}

export function useRemoveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(planningRoutes.removeFeed),
    onSuccess: () => queryClient.setQueryData(planningKeys.feed(), { url: null, createdAt: null }),
  });
}
