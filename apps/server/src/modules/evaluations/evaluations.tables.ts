import type { EvaluationQuestion } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
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
 * A questionnaire of the organisation (issue 16 point 5). Its questions are one JSON document: the
 * builder saves them whole (reorder, duplicate), and answers refer to each question's stable id.
 */
export const evaluationQuestionnaires = pgTable(
  'evaluation_questionnaires',
  {
    ...tenantColumns(() => organizations.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    audience: text('audience').notNull(),
    kind: text('kind').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    coldDelayWeeks: integer('cold_delay_weeks').notNull().default(8),
    questions: jsonb('questions').$type<EvaluationQuestion[]>().notNull(),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    index('evaluation_questionnaires_organization_id_updated_at_idx').on(
      table.organizationId,
      table.updatedAt.desc(),
    ),
    index('evaluation_questionnaires_course_id_idx').on(table.courseId),
    check(
      'evaluation_questionnaires_audience_check',
      sql`${table.audience} in ('learners', 'funders', 'companies', 'trainers')`,
    ),
    check('evaluation_questionnaires_kind_check', sql`${table.kind} in ('hot', 'cold', 'survey')`),
    check('evaluation_questionnaires_cold_delay_weeks_check', sql`${table.coldDelayWeeks} between 1 and 104`),
  ],
);

/**
 * One person asked to answer one questionnaire, with their single-use link (its SHA-256 only) and,
 * once they answered, their answers. The unique keys are what make an automatic sending happen
 * once: a learner is asked once per questionnaire and formation, an address once per survey.
 */
export const evaluationInvitations = pgTable(
  'evaluation_invitations',
  {
    ...tenantColumns(() => organizations.id),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => evaluationQuestionnaires.id, { onDelete: 'cascade' }),
    studentId: text('student_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    // As it was when the invitation went out: the answering page has no access to the formations.
    courseTitle: text('course_title'),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    language: text('language').notNull().default('fr'),
    tokenHash: text('token_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answers: jsonb('answers').$type<Record<string, unknown>>(),
  },
  (table) => [
    uniqueIndex('evaluation_invitations_token_hash_idx').on(table.tokenHash),
    uniqueIndex('evaluation_invitations_learner_idx')
      .on(table.questionnaireId, table.studentId, table.courseId)
      .where(sql`${table.studentId} is not null`),
    uniqueIndex('evaluation_invitations_address_idx')
      .on(table.questionnaireId, table.email)
      .where(sql`${table.studentId} is null`),
    index('evaluation_invitations_organization_id_questionnaire_id_idx').on(
      table.organizationId,
      table.questionnaireId,
    ),
    index('evaluation_invitations_student_id_idx').on(table.studentId),
    index('evaluation_invitations_course_id_idx').on(table.courseId),
    check('evaluation_invitations_language_check', sql`${table.language} in ('fr', 'en')`),
    check('evaluation_invitations_reminders_sent_check', sql`${table.remindersSent} between 0 and 2`),
  ],
);
