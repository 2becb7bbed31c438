import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  (table) => [index('system_logs_created_at_idx').on(table.createdAt)],
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
    index('sign_in_logs_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
    index('sign_in_logs_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
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
