import { type LogEntry, systemRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** The logs route carries its schemas, and zod: error-logger.ts loads this with the first batch (issue 12). */
export function reportLogs(entries: LogEntry[]) {
  return callApi(systemRoutes.reportLogs, { body: { entries } });
}
