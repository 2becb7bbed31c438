import type { WebhookErrorCode } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * An organisation's receiver: its secret, AES-256-GCM ciphertext under FUNDING_WEBHOOK_SECRET (or a
 * key derived from the server secret). Encrypted, not hashed: checking an HMAC needs the secret.
 */
export const fundingWebhookEndpoints = pgTable(
  'funding_webhook_endpoints',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    secretCiphertext: text('secret_ciphertext').notNull(),
    rotatedBy: text('rotated_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('funding_webhook_endpoints_rotated_by_idx').on(table.rotatedBy)],
);

/** SPEC 3 webhook_logs: every delivery, stored before anything is done with it. */
export const webhookLogs = pgTable(
  'webhook_logs',
  {
    ...tenantColumns(() => organizations.id),
    deliveryId: text('delivery_id'),
    eventType: text('event_type'),
    status: text('status').notNull().default('pending'),
    /** The raw body; null when it was refused unread (over FUNDING_WEBHOOK_MAX_BYTES). */
    payload: text('payload'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    isAuthenticated: boolean('is_authenticated').notNull().default(false),
    /** One of WEBHOOK_ERROR_CODES (migration 0040); `error` holds the technical detail. */
    errorCode: text('error_code').$type<WebhookErrorCode>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A run is processing it until then (a lease: a run that died lets the next one take it over). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_logs_organization_id_delivery_id_idx')
      .on(table.organizationId, table.deliveryId)
      .where(sql`${table.isAuthenticated} and ${table.deliveryId} is not null`),
    index('webhook_logs_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('webhook_logs_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
    index('webhook_logs_due_idx').on(table.createdAt).where(sql`${table.status} in ('pending', 'error')`),
    check(
      'webhook_logs_status_check',
      sql`${table.status} in ('pending', 'processed', 'success', 'error', 'failed')`,
    ),
    check('webhook_logs_attempts_check', sql`${table.attempts} >= 0`),
    check(
      'webhook_logs_error_code_check',
      sql`${table.errorCode} in ('payload_too_large', 'bad_signature', 'stale_timestamp', 'malformed_json', 'missing_delivery_id', 'unknown_event', 'invalid_payload', 'unknown_reference', 'attendee_conflict', 'processing_failed')`,
    ),
  ],
);

/** The platform's training references, each naming one of the organisation's formations. */
export const fundingTrainingReferences = pgTable(
  'funding_training_references',
  {
    ...tenantColumns(() => organizations.id),
    reference: text('reference').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('funding_training_references_organization_id_reference_idx').on(
      table.organizationId,
      table.reference,
    ),
    index('funding_training_references_course_id_idx').on(table.courseId),
  ],
);

/**
 * A registration folder as its events left it: its state, the training's dates, its learner and
 * formation. `enrolled_by_folder` says the enrolment is the folder's own (a cancellation removes
 * only such an enrolment, never one staff made).
 */
export const fundingRegistrationFolders = pgTable(
  'funding_registration_folders',
  {
    ...tenantColumns(() => organizations.id),
    folderNumber: text('folder_number').notNull(),
    state: text('state').notNull(),
    studentId: text('student_id').references(() => authUsers.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    enrolledByFolder: boolean('enrolled_by_folder').notNull().default(false),
    lastLogId: uuid('last_log_id').references(() => webhookLogs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('funding_registration_folders_organization_id_folder_number_idx').on(
      table.organizationId,
      table.folderNumber,
    ),
    index('funding_registration_folders_student_id_idx').on(table.studentId),
    index('funding_registration_folders_course_id_idx').on(table.courseId),
    index('funding_registration_folders_last_log_id_idx').on(table.lastLogId),
    check(
      'funding_registration_folders_dates_check',
      sql`${table.endDate} is null or ${table.startDate} is null or ${table.endDate} >= ${table.startDate}`,
    ),
  ],
);
