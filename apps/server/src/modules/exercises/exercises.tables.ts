import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courseModules, courses } from '../courses/courses.tables.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * Practical work attached to a formation, or to one of its modules (issue 13 point 6). Tenant
 * table, like every table of this file: learners read those of their formations (migration 0012).
 */
export const exercises = pgTable(
  'exercises',
  {
    ...tenantColumns(() => organizations.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    // A removed module leaves the exercise on the formation as a whole.
    moduleId: uuid('module_id').references(() => courseModules.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    submissionType: text('submission_type').notNull().default('text_or_file'),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('exercises_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
    index('exercises_course_id_idx').on(table.courseId),
    index('exercises_module_id_idx').on(table.moduleId),
    check(
      'exercises_submission_type_check',
      sql`${table.submissionType} in ('text', 'file', 'text_or_file')`,
    ),
  ],
);

/** One learner's work on one exercise; handing in again replaces it until it is reviewed. */
export const exerciseSubmissions = pgTable(
  'exercise_submissions',
  {
    ...tenantColumns(() => organizations.id),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    textContent: text('text_content'),
    // A file handed in cannot be deleted from under the submission.
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('submitted'),
    feedback: text('feedback'),
    reviewedBy: text('reviewed_by').references(() => authUsers.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('exercise_submissions_exercise_id_student_id_idx').on(table.exerciseId, table.studentId),
    index('exercise_submissions_student_id_idx').on(table.studentId),
    index('exercise_submissions_file_id_idx').on(table.fileId),
    index('exercise_submissions_organization_id_idx').on(table.organizationId),
    check('exercise_submissions_status_check', sql`${table.status} in ('submitted', 'reviewed', 'to_redo')`),
    check(
      'exercise_submissions_content_check',
      sql`${table.textContent} is not null or ${table.fileId} is not null`,
    ),
  ],
);
