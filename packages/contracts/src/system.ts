import { z } from 'zod';
import { OkSchema, type RouteAccess, type RouteContract, SIGNED_IN_OWN_DATA } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

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

/**
 * SPEC 9 system monitoring, as the job applies it (docs/operations.md, "Monitoring"). An error is a
 * log of severity high or critical: browsers report network hiccups and warnings as low or medium,
 * which would bury the real failures.
 */
export const MONITORING = {
  intervalMs: 5 * 60_000,
  errorWindowMs: 60 * 60_000,
  /** More errors than this in the last hour raise an alert of severity high… */
  errorAlertAbove: 10,
  /** …and more than this one of severity critical. */
  errorCriticalAbove: 50,
  /** A p95 response time over this (since the previous run) raises an alert of severity medium… */
  slowResponseMs: 2000,
  /** …and over this one of severity high. */
  verySlowResponseMs: 5000,
  /** Log lines an alert quotes as examples. */
  maxSamples: 5,
  /** How long the admins' toast of a new alert stays. */
  alertToastMs: 10_000,
} as const;
export const ERROR_SEVERITIES = ['high', 'critical'] as const satisfies readonly LogSeverity[];

/** The alerts the monitoring job raises; other modules raise their own types (time tracking). */
export const MONITORING_ALERT_TYPES = [
  'error_rate',
  'error_rate_critical',
  'critical_error',
  'slow_responses',
  'very_slow_responses',
] as const;
export type MonitoringAlertType = (typeof MONITORING_ALERT_TYPES)[number];

/** Upper bounds (ms) of the response-time histogram; percentiles are read as "at most" a bound. */
export const RESPONSE_TIME_BUCKETS_MS = [
  50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000,
] as const;

export const LOG_PERIODS = ['1h', '24h', '7d', '30d'] as const;
export const LogPeriodSchema = z.enum(LOG_PERIODS);
export type LogPeriod = z.infer<typeof LogPeriodSchema>;
export const LOG_PERIOD_MS: Record<LogPeriod, number> = {
  '1h': 60 * 60_000,
  '24h': 24 * 60 * 60_000,
  '7d': 7 * 24 * 60 * 60_000,
  '30d': 30 * 24 * 60 * 60_000,
};

const LogFiltersSchema = z.object({
  period: LogPeriodSchema.default('24h'),
  severity: LogSeveritySchema.optional(),
  category: z.string().trim().min(1).max(50).optional(),
  organizationId: z.uuid().optional(),
  /** Words of the message. */
  search: SearchQuerySchema,
});
export const SystemLogListQuerySchema = PaginationQuerySchema.extend(LogFiltersSchema.shape);
export type SystemLogListQuery = z.input<typeof SystemLogListQuerySchema>;
/** The chart and the filters' choices follow every filter but the severity. */
export const SystemLogSummaryQuerySchema = LogFiltersSchema.omit({ severity: true });
export type SystemLogSummaryQuery = z.input<typeof SystemLogSummaryQuerySchema>;

export const SystemLogSchema = z.object({
  id: z.uuid(),
  message: z.string(),
  stack: z.string().nullable(),
  category: z.string(),
  severity: LogSeveritySchema,
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  userId: z.string().nullable(),
  userRole: z.string().nullable(),
  url: z.string().nullable(),
  componentName: z.string().nullable(),
  userAgent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime(),
});
export type SystemLog = z.infer<typeof SystemLogSchema>;
export const SystemLogListSchema = paginated(SystemLogSchema);
export type SystemLogList = z.infer<typeof SystemLogListSchema>;

export const SystemLogSummarySchema = z.object({
  /** Each hour of the period (UTC start), oldest first, with its errors (severity high or critical). */
  hours: z.array(z.object({ hour: z.iso.datetime(), errors: z.number().int(), critical: z.number().int() })),
  /** The categories and organisations of the period's logs, for the filters. */
  categories: z.array(z.string()),
  organizations: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type SystemLogSummary = z.infer<typeof SystemLogSummarySchema>;

export const NotFoundListQuerySchema = PaginationQuerySchema.extend({
  period: LogPeriodSchema.default('24h'),
  search: SearchQuerySchema,
});
export type NotFoundListQuery = z.input<typeof NotFoundListQuerySchema>;
export const NotFoundEntrySchema = z.object({
  id: z.uuid(),
  path: z.string(),
  referrer: z.string().nullable(),
  userRole: z.string().nullable(),
  userAgent: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type NotFoundEntry = z.infer<typeof NotFoundEntrySchema>;
export const NotFoundListSchema = paginated(NotFoundEntrySchema);
export type NotFoundList = z.infer<typeof NotFoundListSchema>;

export const ALERT_STATUSES = ['unresolved', 'resolved', 'all'] as const;
export const SystemAlertListQuerySchema = PaginationQuerySchema.extend({
  status: z.enum(ALERT_STATUSES).default('unresolved'),
  severity: LogSeveritySchema.optional(),
});
export type SystemAlertListQuery = z.input<typeof SystemAlertListQuerySchema>;
export const SystemAlertSchema = z.object({
  id: z.uuid(),
  alertType: z.string(),
  severity: LogSeveritySchema,
  title: z.string(),
  message: z.string(),
  source: z.string(),
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  isResolved: z.boolean(),
  resolvedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type SystemAlert = z.infer<typeof SystemAlertSchema>;
export const SystemAlertListSchema = paginated(SystemAlertSchema).extend({
  /** Unresolved alerts in all, whatever the filters. */
  unresolvedTotal: z.number().int().min(0),
});
export type SystemAlertList = z.infer<typeof SystemAlertListSchema>;
export const ResolveAlertsInputSchema = z.object({
  ids: z
    .array(z.uuid())
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate id' }),
});
export type ResolveAlertsInput = z.infer<typeof ResolveAlertsInputSchema>;
export const ResolveAlertsResultSchema = z.object({ resolved: z.number().int().min(0) });

export const JobStatusSchema = z.object({
  name: z.string(),
  intervalMs: z.number().int(),
  lastRunAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  nextDueAt: z.iso.datetime().nullable(),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** One run of the monitoring job: what it measured and the alerts it raised. */
export const MonitoringRunSchema = z.object({
  id: z.uuid(),
  ranAt: z.iso.datetime(),
  errorCount: z.number().int(),
  criticalCount: z.number().int(),
  requestCount: z.number().int(),
  p95Ms: z.number().int().nullable(),
  alertTypes: z.array(z.string()),
});
export type MonitoringRun = z.infer<typeof MonitoringRunSchema>;
export const MonitoringStatusSchema = z.object({
  job: JobStatusSchema,
  runs: z.array(MonitoringRunSchema),
});
export type MonitoringStatus = z.infer<typeof MonitoringStatusSchema>;

export const HEALTH_STATUSES = ['ok', 'warning', 'failing'] as const;
export const HealthStatusSchema = z.enum(HEALTH_STATUSES);
export type HealthStatus = z.infer<typeof HealthStatusSchema>;
/** Why a check has its colour; the web words it with the check's figures. */
export const HEALTH_REASONS = [
  'ok',
  'slow',
  'unreachable',
  'never_run',
  'overdue',
  'failed',
  'logging',
  'backlog',
  'failures',
  'low_space',
  'very_low_space',
  'unknown',
  'no_traffic',
  'very_slow',
] as const;
const check = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ status: HealthStatusSchema, reason: z.enum(HEALTH_REASONS), ...shape });
export const SystemHealthSchema = z.object({
  checkedAt: z.iso.datetime(),
  database: check({ latencyMs: z.number().nullable(), sizeBytes: z.number().nullable() }),
  jobs: check({ items: z.array(JobStatusSchema.extend({ status: HealthStatusSchema })) }),
  mail: check({
    mode: z.enum(['smtp', 'log']),
    pending: z.number().int(),
    oldestPendingAt: z.iso.datetime().nullable(),
    failedLastDay: z.number().int(),
  }),
  storage: check({ kind: z.enum(['local', 's3']), latencyMs: z.number().nullable() }),
  disk: check({ freeBytes: z.number().nullable(), totalBytes: z.number().nullable() }),
  responses: check({
    requestCount: z.number().int(),
    p50Ms: z.number().int().nullable(),
    p95Ms: z.number().int().nullable(),
    maxMs: z.number().int().nullable(),
  }),
});
export type SystemHealth = z.infer<typeof SystemHealthSchema>;

/**
 * The live stream's event for admins: an alert was just raised (any source). Only its id and
 * severity travel; the screens read the rest through the API.
 */
export const LIVE_SYSTEM_ALERT_EVENT = 'system-alert';
export const LiveSystemAlertEventSchema = z.object({ alertId: z.uuid(), severity: LogSeveritySchema });
export type LiveSystemAlertEvent = z.infer<typeof LiveSystemAlertEventSchema>;

/** Platform administrators only (SPEC 6): every organisation's logs and the platform's alerts. */
const PLATFORM_ADMIN = { roles: ['admin'], scope: 'organization' } as const satisfies RouteAccess;

export const systemAdminRoutes = {
  /** Newest first. */
  logs: {
    method: 'GET',
    path: '/api/admin/system/logs',
    access: PLATFORM_ADMIN,
    query: SystemLogListQuerySchema,
    response: SystemLogListSchema,
  },
  logSummary: {
    method: 'GET',
    path: '/api/admin/system/logs/summary',
    access: PLATFORM_ADMIN,
    query: SystemLogSummaryQuerySchema,
    response: SystemLogSummarySchema,
  },
  /** Visits of unknown pages, newest first. */
  notFound: {
    method: 'GET',
    path: '/api/admin/system/not-found',
    access: PLATFORM_ADMIN,
    query: NotFoundListQuerySchema,
    response: NotFoundListSchema,
  },
  /** Unresolved first, then newest first. */
  alerts: {
    method: 'GET',
    path: '/api/admin/system/alerts',
    access: PLATFORM_ADMIN,
    query: SystemAlertListQuerySchema,
    response: SystemAlertListSchema,
  },
  resolveAlerts: {
    method: 'POST',
    path: '/api/admin/system/alerts/resolve',
    access: PLATFORM_ADMIN,
    body: ResolveAlertsInputSchema,
    response: ResolveAlertsResultSchema,
  },
  monitoring: {
    method: 'GET',
    path: '/api/admin/system/monitoring',
    access: PLATFORM_ADMIN,
    response: MonitoringStatusSchema,
  },
  health: {
    method: 'GET',
    path: '/api/admin/system/health',
    access: PLATFORM_ADMIN,
    response: SystemHealthSchema,
  },
} as const satisfies Record<string, RouteContract>;

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
