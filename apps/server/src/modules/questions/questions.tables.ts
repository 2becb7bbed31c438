import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courseLessons, courses } from '../courses/courses.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * SPEC 3 student_questions: a learner's question to their organisation's trainers (issue 14).
 * Tenant table: a learner reads their own, the organisation's staff all of them (migration 0015).
 */
export const studentQuestions = pgTable(
  'student_questions',
  {
    ...tenantColumns(() => organizations.id),
    studentId: text('student_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    // The trainer in charge; a departed trainer leaves the question to the whole staff again.
    trainerId: text('trainer_id').references(() => authUsers.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    category: text('category').notNull().default('general'),
    status: text('status').notNull().default('pending'),
    // What it is about; a deleted formation or lesson leaves the question standing.
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    lessonId: uuid('lesson_id').references(() => courseLessons.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The hub's lists: an organisation's questions newest first, by status, by trainer in charge.
    index('student_questions_organization_id_created_at_idx').on(
      table.organizationId,
      table.createdAt.desc(),
    ),
    index('student_questions_organization_id_status_idx').on(table.organizationId, table.status),
    index('student_questions_trainer_id_idx').on(table.trainerId),
    index('student_questions_student_id_created_at_idx').on(table.studentId, table.createdAt.desc()),
    index('student_questions_course_id_idx').on(table.courseId),
    index('student_questions_lesson_id_idx').on(table.lessonId),
    check(
      'student_questions_category_check',
      sql`${table.category} in ('general', 'pedagogy', 'technical', 'administrative')`,
    ),
    check('student_questions_status_check', sql`${table.status} in ('pending', 'answered', 'resolved')`),
    check('student_questions_subject_check', sql`char_length(${table.subject}) between 1 and 200`),
    check('student_questions_message_check', sql`char_length(${table.message}) between 1 and 5000`),
  ],
);

/** SPEC 3 question_replies: the learner's follow-ups and the staff's answers, in one thread. */
export const questionReplies = pgTable(
  'question_replies',
  {
    ...tenantColumns(() => organizations.id),
    questionId: uuid('question_id')
      .notNull()
      .references(() => studentQuestions.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    responderId: text('responder_id').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('question_replies_question_id_created_at_idx').on(table.questionId, table.createdAt),
    index('question_replies_organization_id_idx').on(table.organizationId),
    index('question_replies_responder_id_idx').on(table.responderId),
    check('question_replies_message_check', sql`char_length(${table.message}) between 1 and 5000`),
  ],
);
