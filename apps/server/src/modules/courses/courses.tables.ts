import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * Formations (SPEC 3 "Course") with their training-programme sheet. Tenant table, like every table
 * of this file: organization_id NOT NULL, row-level security (migration 0004).
 */
export const courses = pgTable(
  'courses',
  {
    ...tenantColumns(() => organizations.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('Formation'),
    objectives: text('objectives').notNull().default(''),
    prerequisites: text('prerequisites').notNull().default(''),
    audience: text('audience').notNull().default(''),
    durationHours: numeric('duration_hours', { precision: 7, scale: 2, mode: 'number' }),
    modality: text('modality'),
    teachingMethods: text('teaching_methods').notNull().default(''),
    assessmentMethods: text('assessment_methods').notNull().default(''),
    accessibility: text('accessibility').notNull().default(''),
    /** Euro cents: integers, so prices never round. */
    priceCents: integer('price_cents'),
    /** The formation's first and last days (planning, migration 0029). */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    status: text('status').notNull().default('draft'),
    isLocked: boolean('is_locked').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The trainer list: one organisation, optionally one status, newest first.
    index('courses_organization_id_status_created_at_idx').on(
      table.organizationId,
      table.status,
      table.createdAt.desc(),
    ),
    index('courses_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
    // The admin list across organisations.
    index('courses_created_at_idx').on(table.createdAt.desc()),
    // The planning: one organisation's dated formations over a period.
    index('courses_organization_id_starts_on_idx')
      .on(table.organizationId, table.startsOn)
      .where(sql`${table.startsOn} is not null or ${table.endsOn} is not null`),
    // Title search is a substring match (ILIKE '%…%'), which only a trigram index serves.
    index('courses_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    check('courses_status_check', sql`${table.status} in ('published', 'draft')`),
    check('courses_modality_check', sql`${table.modality} in ('in_person', 'distance', 'blended')`),
    check('courses_price_cents_check', sql`${table.priceCents} >= 0`),
    check(
      'courses_dates_check',
      sql`${table.endsOn} is null or ${table.startsOn} is null or ${table.endsOn} >= ${table.startsOn}`,
    ),
  ],
);

export const courseModules = pgTable(
  'course_modules',
  {
    ...tenantColumns(() => organizations.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The organisation after the key: the policies read it, so a formation's modules are counted from
  // the index alone (migration 0051).
  (table) => [
    index('course_modules_course_id_position_idx').on(table.courseId, table.position, table.organizationId),
  ],
);

/**
 * What a lesson holds besides its file: sanitised HTML for text, the allow-listed player for an
 * embedded video, the URL of a link. Uploaded videos and documents are in `file_id`.
 */
export type StoredLessonContent =
  | { type: 'text'; html: string }
  | { type: 'video'; source: 'upload' }
  | { type: 'video'; source: 'embed'; provider: 'youtube' | 'vimeo' | 'dailymotion'; videoId: string }
  | { type: 'document' }
  | { type: 'link'; url: string };

export const courseLessons = pgTable(
  'course_lessons',
  {
    ...tenantColumns(() => organizations.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull().default(10),
    position: integer('position').notNull(),
    content: jsonb('content').$type<StoredLessonContent>().notNull(),
    // A file in use cannot be deleted from under a lesson.
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('course_lessons_module_id_position_idx').on(table.moduleId, table.position),
    // With the organisation, which the policies read: a formation's lessons counted from the index alone.
    index('course_lessons_course_id_idx').on(table.courseId, table.organizationId),
    index('course_lessons_file_id_idx').on(table.fileId),
    check('course_lessons_type_check', sql`${table.type} in ('text', 'video', 'document', 'link')`),
    check('course_lessons_estimated_minutes_check', sql`${table.estimatedMinutes} >= 0`),
  ],
);

/** SPEC 3 course_enrollments: a student in a formation, with progress 0 to 100. */
export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    ...tenantColumns(() => organizations.id),
    // Restrict: a formation with learners is archived, not deleted (SPEC 8's 23503).
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    studentId: text('student_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull().default(0),
    enrolledBy: text('enrolled_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('course_enrollments_course_id_student_id_idx').on(table.courseId, table.studentId),
    // A formation's learners counted from the index alone: the policies read the organisation too,
    // which the unique index above cannot hold without weakening what it forbids (migration 0051).
    index('course_enrollments_course_id_organization_id_student_id_idx').on(
      table.courseId,
      table.organizationId,
      table.studentId,
    ),
    index('course_enrollments_student_id_idx').on(table.studentId),
    // Analytics: enrolments of one organisation over a period (migration 0031).
    index('course_enrollments_organization_id_created_at_idx').on(table.organizationId, table.createdAt),
    check('course_enrollments_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);

/** One row per lesson a learner completed; kept when the enrolment ends, so progress comes back. */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    ...tenantColumns(() => organizations.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lesson_completions_lesson_id_student_id_idx').on(table.lessonId, table.studentId),
    index('lesson_completions_student_id_completed_at_idx').on(table.studentId, table.completedAt.desc()),
    index('lesson_completions_course_id_student_id_idx').on(table.courseId, table.studentId),
  ],
);
