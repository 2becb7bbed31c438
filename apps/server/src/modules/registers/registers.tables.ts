import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { storedFiles } from '../files/files.tables.ts';
import { conversations } from '../messages/messages.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { studentQuestions } from '../questions/questions.tables.ts';

/**
 * The complaints and difficulties register (Qualiopi indicator 31, migration 0034). Days are Paris
 * calendar days; the delays are computed from them when read. Staff of the organisation only.
 */
export const complaints = pgTable(
  'complaints',
  {
    ...tenantColumns(() => organizations.id),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    // A learner who leaves takes nothing of the register with them: the entry stays, unnamed.
    studentId: text('student_id').references(() => authUsers.id, { onDelete: 'set null' }),
    questionId: uuid('question_id').references(() => studentQuestions.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    answer: text('answer'),
    answeredOn: date('answered_on', { mode: 'string' }),
    closedOn: date('closed_on', { mode: 'string' }),
    handlerId: text('handler_id').references(() => authUsers.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('complaints_organization_id_received_on_idx').on(table.organizationId, table.receivedOn.desc()),
    index('complaints_student_id_idx').on(table.studentId),
    index('complaints_question_id_idx').on(table.questionId),
    index('complaints_conversation_id_idx').on(table.conversationId),
    index('complaints_handler_id_idx').on(table.handlerId),
    index('complaints_created_by_idx').on(table.createdBy),
    check('complaints_kind_check', sql`${table.kind} in ('complaint', 'difficulty')`),
    check(
      'complaints_source_check',
      sql`${table.source} in ('question', 'message', 'email', 'phone', 'typed_in')`,
    ),
    check('complaints_status_check', sql`${table.status} in ('open', 'in_progress', 'answered', 'closed')`),
    check(
      'complaints_links_check',
      sql`(${table.questionId} is null or ${table.source} = 'question') and (${table.conversationId} is null or ${table.source} = 'message')`,
    ),
    check(
      'complaints_answer_check',
      sql`${table.status} not in ('answered', 'closed') or (${table.answer} is not null and ${table.answeredOn} is not null)`,
    ),
    check(
      'complaints_days_check',
      sql`(${table.answeredOn} is null or ${table.answeredOn} >= ${table.receivedOn}) and (${table.closedOn} is null or ${table.closedOn} >= ${table.receivedOn})`,
    ),
    check('complaints_closed_check', sql`(${table.status} = 'closed') = (${table.closedOn} is not null)`),
  ],
);

/**
 * Improvement actions (indicator 32): an organisation's, or the platform's (`organization_id` null,
 * admins only). Closing one records its evidence: a note and, optionally, an uploaded file.
 */
export const improvementActions = pgTable(
  'improvement_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    complaintId: uuid('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    ownerId: text('owner_id').references(() => authUsers.id, { onDelete: 'set null' }),
    dueOn: date('due_on', { mode: 'string' }),
    status: text('status').notNull().default('planned'),
    closureNote: text('closure_note'),
    closureFileId: uuid('closure_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    closedOn: date('closed_on', { mode: 'string' }),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('improvement_actions_organization_id_created_at_idx').on(
      table.organizationId,
      table.createdAt.desc(),
    ),
    index('improvement_actions_complaint_id_idx').on(table.complaintId),
    index('improvement_actions_owner_id_idx').on(table.ownerId),
    index('improvement_actions_closure_file_id_idx').on(table.closureFileId),
    index('improvement_actions_created_by_idx').on(table.createdBy),
    check(
      'improvement_actions_origin_check',
      sql`${table.origin} in ('complaint', 'satisfaction_survey', 'audit', 'trainer_feedback', 'learner_feedback', 'watch', 'other')`,
    ),
    check(
      'improvement_actions_status_check',
      sql`${table.status} in ('planned', 'in_progress', 'done', 'abandoned')`,
    ),
    check(
      'improvement_actions_complaint_check',
      sql`${table.complaintId} is null or (${table.origin} = 'complaint' and ${table.organizationId} is not null)`,
    ),
    check(
      'improvement_actions_closed_check',
      sql`(${table.status} in ('done', 'abandoned')) = (${table.closedOn} is not null and ${table.closureNote} is not null)`,
    ),
  ],
);

/** The watch registers (indicators 23, 24, 25): dated entries, each in one indicator's register. */
export const watchEntries = pgTable(
  'watch_entries',
  {
    ...tenantColumns(() => organizations.id),
    indicator: integer('indicator').notNull(),
    observedOn: date('observed_on', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    summary: text('summary').notNull(),
    impact: text('impact').notNull(),
    improvementId: uuid('improvement_id').references(() => improvementActions.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('watch_entries_organization_id_indicator_observed_on_idx').on(
      table.organizationId,
      table.indicator,
      table.observedOn.desc(),
    ),
    index('watch_entries_improvement_id_idx').on(table.improvementId),
    index('watch_entries_created_by_idx').on(table.createdBy),
    check('watch_entries_indicator_check', sql`${table.indicator} in (23, 24, 25)`),
  ],
);
