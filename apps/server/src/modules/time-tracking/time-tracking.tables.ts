import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * SPEC 3 user_time_tracking: one row per tracked session. Tenant table with row-level security
 * (migration 0005): a learner reads and writes their own rows, the organisation's staff read them.
 */
export const userTimeTracking = pgTable(
  'user_time_tracking',
  {
    // Offline sessions keep the id their client drew, so a replayed sync finds them (idempotence).
    ...tenantColumns(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    sessionStart: timestamp('session_start', { withTimezone: true }).notNull(),
    sessionEnd: timestamp('session_end', { withTimezone: true }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** The server's time of the last heartbeat: where a dead tab's session is closed. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    /** 'online' (started on the server) or 'offline' (declared later from the browser's pending store, under a lease). */
    source: text('source').notNull().default('online'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // SPEC 7 'select open sessions by user', on every start and check.
    index('user_time_tracking_open_user_id_idx').on(table.userId).where(sql`${table.sessionEnd} is null`),
    // The columns after the search key are read from the index alone (issue 12: an index-only scan
    // skips a heap page per session and the policy's look at organization_id). Drizzle has no
    // INCLUDE, and they change no order. A heartbeat already updates last_activity_at, which an
    // index holds, so these add no index write.
    // A learner's sessions over a period: connection logs' counts, Mon Suivi's totals.
    index('user_time_tracking_user_id_session_start_idx').on(
      table.userId,
      table.sessionStart.desc(),
      table.organizationId,
      table.courseId,
      table.durationSeconds,
    ),
    // Analytics: whether a learner was active on a formation since a date (migration 0031).
    index('user_time_tracking_user_id_course_id_last_activity_at_idx').on(
      table.userId,
      table.courseId,
      table.lastActivityAt.desc(),
      table.organizationId,
    ),
    // Connection logs, dashboard, analytics: one organisation, a date range; an admin's over every organisation.
    index('user_time_tracking_organization_id_session_start_idx').on(
      table.organizationId,
      table.sessionStart.desc(),
      table.userId,
      table.courseId,
      table.durationSeconds,
    ),
    index('user_time_tracking_session_start_idx').on(table.sessionStart.desc()),
    check('user_time_tracking_duration_check', sql`${table.durationSeconds} between 0 and 28800`),
    check(
      'user_time_tracking_end_check',
      sql`${table.sessionEnd} is null or ${table.sessionEnd} >= ${table.sessionStart}`,
    ),
    check('user_time_tracking_source_check', sql`${table.source} in ('online', 'offline')`),
  ],
);

/**
 * Offline leases (issue 11, migration 0006): issued by each start while the learner is online, they
 * bound the time the browser may later declare as offline: from `issued_at` (or `used_until`, the
 * end of the time already credited under it) to `expires_at`, which the next start or an online end
 * brings forward. Only the learner reads and writes their own.
 */
export const offlineLeases = pgTable(
  'offline_leases',
  {
    ...tenantColumns(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** The formation the session was started on: offline time under this lease is on it or on none. */
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedUntil: timestamp('used_until', { withTimezone: true }),
  },
  (table) => [
    index('offline_leases_user_id_expires_at_idx').on(table.userId, table.expiresAt.desc()),
    check('offline_leases_window_check', sql`${table.expiresAt} >= ${table.issuedAt}`),
  ],
);

/**
 * SPEC 3 user_total_time: the sum of the learner's closed sessions, with hours and the minutes
 * left over (SPEC 5's corruption check compares them). Written in the transaction that closes a session.
 */
export const userTotalTime = pgTable(
  'user_total_time',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    totalTimeSeconds: integer('total_time_seconds').notNull().default(0),
    totalHours: integer('total_hours').notNull().default(0),
    remainingMinutes: integer('remaining_minutes').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('user_total_time_organization_id_idx').on(table.organizationId),
    check('user_total_time_total_check', sql`${table.totalTimeSeconds} >= 0`),
  ],
);

/** An organisation's time-tracking settings; no row means the defaults (SPEC 9: 20 h a week). */
export const timeTrackingSettings = pgTable(
  'time_tracking_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    weeklyGoalHours: integer('weekly_goal_hours').notNull().default(20),
    updatedBy: text('updated_by').references(() => authUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('time_tracking_settings_weekly_goal_check', sql`${table.weeklyGoalHours} between 1 and 80`),
  ],
);
