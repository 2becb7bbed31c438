import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const systemLogs = pgTable(
  'system_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id'),
    message: text('message').notNull(),
    stack: text('stack'),
    category: text('category').notNull().default('general'),
    severity: text('severity').notNull().default('low'),
    userId: text('user_id'),
    userRole: text('user_role'),
    url: text('url'),
    componentName: text('component_name'),
    userAgent: text('user_agent'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('system_logs_created_at_idx').on(table.createdAt),
    // The monitoring job counts errors (high/critical) of the last hour; admins filter and search.
    index('system_logs_severity_created_at_idx').on(table.severity, table.createdAt.desc()),
    index('system_logs_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
    index('system_logs_message_trgm_idx').using('gin', table.message.op('gin_trgm_ops')),
  ],
);

export const notFoundErrors = pgTable(
  'not_found_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    userId: text('user_id'),
    userRole: text('user_role'),
    userAgent: text('user_agent'),
    referrer: text('referrer'),
    errorMessage: text('error_message'),
    errorStack: text('error_stack'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('not_found_errors_timestamp_idx').on(table.timestamp)],
);

/** Answers to "was this guide helpful?"; visitors answer too, so the user is optional. */
export const guideFeedback = pgTable(
  'guide_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: text('guide_id').notNull(),
    helpful: boolean('helpful').notNull(),
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('guide_feedback_guide_id_idx').on(table.guideId)],
);

/**
 * SPEC 3 system_alerts: platform-wide problems for the admins (SPEC 7: select unresolved, mark
 * resolved). Written outside any tenant (cursus_service) by the services and jobs that detect them; the
 * organisation concerned, when there is one, is kept for filtering.
 */
export const systemAlerts = pgTable(
  'system_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id'),
    alertType: text('alert_type').notNull(),
    severity: text('severity').notNull().default('medium'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    source: text('source').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    isResolved: boolean('is_resolved').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('system_alerts_is_resolved_created_at_idx').on(table.isResolved, table.createdAt.desc()),
    // The monitoring job's de-duplication: is an alert of this type still unresolved?
    index('system_alerts_alert_type_idx').on(table.alertType).where(sql`${table.isResolved} = false`),
    check('system_alerts_severity_check', sql`${table.severity} in ('low', 'medium', 'high', 'critical')`),
  ],
);

/**
 * One row per successful sign-in, for the connection logs an auditor reads (better-auth deletes
 * its session rows at sign-out, so they are no record). Kept apart from system_logs, which only
 * admins read; the organisation is the one the user had when signing in.
 */
export const signInLogs = pgTable(
  'sign_in_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    organizationId: uuid('organization_id'),
    userRole: text('user_role'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // user_id after the key: the connection logs count an organisation's sign-ins per learner from
    // the index alone (issue 12).
    index('sign_in_logs_organization_id_created_at_idx').on(
      table.organizationId,
      table.createdAt.desc(),
      table.userId,
    ),
    // organization_id after the key: the staff policy reads it, so counting a learner's sign-ins
    // needs no heap page (issue 12; Drizzle has no INCLUDE).
    index('sign_in_logs_user_id_created_at_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.organizationId,
    ),
  ],
);

/**
 * The last run of each scheduled job (ADR 004): claimed atomically before running, so a restart
 * neither skips a due run nor repeats one, and several instances run it once.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * Response times per minute and server instance (SPEC 9 monitoring, docs/operations.md): a
 * histogram over RESPONSE_TIME_BUCKETS_MS (plus one bucket above the last bound), so percentiles
 * can be read across instances and minutes.
 */
export const responseTimeMinutes = pgTable(
  'response_time_minutes',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    instanceId: text('instance_id').notNull(),
    requestCount: integer('request_count').notNull(),
    totalMs: doublePrecision('total_ms').notNull(),
    maxMs: integer('max_ms').notNull(),
    buckets: integer('buckets').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.minute, table.instanceId] }),
    index('response_time_minutes_minute_idx').on(table.minute),
    check('response_time_minutes_counts_check', sql`${table.requestCount} >= 0 and ${table.maxMs} >= 0`),
  ],
);

/** Each run of the monitoring job: what it measured and which alerts it raised. */
export const systemMonitoringRuns = pgTable(
  'system_monitoring_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    errorCount: integer('error_count').notNull(),
    criticalCount: integer('critical_count').notNull(),
    requestCount: integer('request_count').notNull(),
    p95Ms: integer('p95_ms'),
    alertTypes: text('alert_types').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [index('system_monitoring_runs_ran_at_idx').on(table.ranAt.desc())],
);
