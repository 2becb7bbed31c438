import { z } from 'zod';
import { OkSchema, type RouteContract, SIGNED_IN_OWN_DATA } from './common.ts';

/** SPEC 3 not_found_errors: one row per visit of an unknown page (and per component error). */
export const ReportNotFoundInputSchema = z.object({
  path: z.string().min(1).max(2048),
  referrer: z.string().max(2048).optional(),
  errorMessage: z.string().max(2000).optional(),
  errorStack: z.string().max(10000).optional(),
});
export type ReportNotFoundInput = z.infer<typeof ReportNotFoundInputSchema>;

export const LOG_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const LogSeveritySchema = z.enum(LOG_SEVERITIES);
export type LogSeverity = z.infer<typeof LogSeveritySchema>;

/** SPEC 9: the client sends its logs in batches of at most 50. */
export const LOG_BATCH_MAX = 50;
export const LogEntrySchema = z.object({
  message: z.string().min(1).max(2000),
  stack: z.string().max(10000).optional(),
  category: z.string().min(1).max(50),
  severity: LogSeveritySchema,
  url: z.string().max(2048).optional(),
  componentName: z.string().max(200).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;
export const ReportLogsInputSchema = z.object({ entries: z.array(LogEntrySchema).min(1).max(LOG_BATCH_MAX) });
export type ReportLogsInput = z.infer<typeof ReportLogsInputSchema>;

/** What the web needs to know of the server's configuration before anyone signs in. */
export const PublicConfigSchema = z.object({ supportEmail: z.string() });
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const systemRoutes = {
  publicConfig: { method: 'GET', path: '/api/config', access: 'public', response: PublicConfigSchema },
  /** Open to visitors too: a signed-out visit to a missing page is recorded without a user. */
  reportNotFound: {
    method: 'POST',
    path: '/api/system/not-found',
    access: 'public',
    body: ReportNotFoundInputSchema,
    response: OkSchema,
  },
  reportLogs: {
    method: 'POST',
    path: '/api/system/logs',
    access: SIGNED_IN_OWN_DATA,
    body: ReportLogsInputSchema,
    response: OkSchema,
  },
} as const satisfies Record<string, RouteContract>;
