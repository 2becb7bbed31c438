import type {
  NotFoundListQuery,
  SystemAlertListQuery,
  SystemLogListQuery,
  SystemLogSummaryQuery,
} from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    system: true;
  }
}

export const systemKeys = {
  all: getDomainKey('system'),
  logs: (query: SystemLogListQuery) => [...systemKeys.all, 'logs', query] as const,
  logSummary: (query: SystemLogSummaryQuery) => [...systemKeys.all, 'log-summary', query] as const,
  notFound: (query: NotFoundListQuery) => [...systemKeys.all, 'not-found', query] as const,
  alerts: (query: SystemAlertListQuery) => [...systemKeys.all, 'alerts', query] as const,
  monitoring: () => [...systemKeys.all, 'monitoring'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
};
