import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { storedFiles } from '../files/files.tables.ts';
import { groupSessions } from '../group-sessions/group-sessions.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/** The organisation's signing rule (issue 15 point 2); no row means the default allowance. */
export const attendanceSettings = pgTable(
  'attendance_settings',
  {
    ...tenantColumns(() => organizations.id),
    lateSigningMinutes: integer('late_signing_minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('attendance_settings_organization_id_idx').on(table.organizationId),
    check(
      'attendance_settings_late_signing_minutes_check',
      sql`${table.lateSigningMinutes} between 0 and 10080`,
    ),
  ],
);

/**
 * A half-day of a group session that learners sign. The session's title is copied when the sheet is
 * opened, so the signing page (reached by a link, outside any tenant) names it without reading the
 * group-sessions module's tables.
 */
export const attendanceSlots = pgTable(
  'attendance_slots',
  {
    ...tenantColumns(() => organizations.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => groupSessions.id, { onDelete: 'cascade' }),
    sessionTitle: text('session_title').notNull(),
    period: text('period').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('attendance_slots_session_id_starts_at_idx').on(table.sessionId, table.startsAt),
    index('attendance_slots_organization_id_idx').on(table.organizationId),
    check('attendance_slots_period_check', sql`${table.period} in ('morning', 'afternoon')`),
    check('attendance_slots_range_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** A learner expected at a slot, with the trainer's decision and an absence's justification. */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    ...tenantColumns(() => organizations.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => attendanceSlots.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    status: text('status'),
    absenceReason: text('absence_reason'),
    // A justification document cannot be deleted from under the record.
    absenceFileId: uuid('absence_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    markedBy: text('marked_by').references(() => authUsers.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('attendance_records_slot_id_student_id_idx').on(table.slotId, table.studentId),
    index('attendance_records_student_id_idx').on(table.studentId),
    index('attendance_records_organization_id_idx').on(table.organizationId),
    index('attendance_records_absence_file_id_idx').on(table.absenceFileId),
    check(
      'attendance_records_status_check',
      sql`${table.status} is null or ${table.status} in ('attended', 'absent')`,
    ),
  ],
);

/**
 * Signatures of a session's sheet, learners' and the trainer's countersignatures alike, in one hash
 * chain per session (`sequence` 1, 2, …): each `hash` covers the row's content and the previous
 * row's hash, so changing any row afterwards breaks every hash from it on. Never updated.
 */
export const attendanceSignatures = pgTable(
  'attendance_signatures',
  {
    ...tenantColumns(() => organizations.id),
    // Signatures are evidence: a session or slot that has any cannot be deleted (23503,
    // LINKED_DATA). NO ACTION rather than RESTRICT: checked at the end of the statement, so removing
    // a whole organisation, which takes its signatures along, still goes through.
    sessionId: uuid('session_id')
      .notNull()
      .references(() => groupSessions.id, { onDelete: 'no action' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => attendanceSlots.id, { onDelete: 'no action' }),
    signerId: text('signer_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    signerRole: text('signer_role').notNull(),
    signerName: text('signer_name').notNull(),
    method: text('method').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    image: text('image').notNull(),
    imageHash: text('image_hash').notNull(),
    sequence: integer('sequence').notNull(),
    previousHash: text('previous_hash'),
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('attendance_signatures_session_id_sequence_idx').on(table.sessionId, table.sequence),
    uniqueIndex('attendance_signatures_slot_id_signer_id_idx').on(table.slotId, table.signerId),
    index('attendance_signatures_signer_id_idx').on(table.signerId),
    index('attendance_signatures_organization_id_idx').on(table.organizationId),
    check('attendance_signatures_signer_role_check', sql`${table.signerRole} in ('student', 'trainer')`),
    check('attendance_signatures_method_check', sql`${table.method} in ('link', 'qr', 'in_person')`),
  ],
);

/** An emailed single-use signing link: only its SHA-256 is kept. */
export const attendanceTokens = pgTable(
  'attendance_tokens',
  {
    ...tenantColumns(() => organizations.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => attendanceSlots.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('attendance_tokens_token_hash_idx').on(table.tokenHash),
    index('attendance_tokens_slot_id_idx').on(table.slotId),
    index('attendance_tokens_student_id_idx').on(table.studentId),
    index('attendance_tokens_organization_id_idx').on(table.organizationId),
  ],
);
