import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * A trainer's place in their organisation (issue 16 point 3): the role within it, beside the
 * platform role of `user_roles`, and what their record says of them. A staff member without a row
 * gets one the first time the team is read (manager if they created the organisation).
 */
export const trainerProfiles = pgTable(
  'trainer_profiles',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    organizationRole: text('organization_role').notNull().default('trainer'),
    bio: text('bio').notNull().default(''),
    specialities: text('specialities').array().notNull().default(sql`'{}'`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('trainer_profiles_user_id_idx').on(table.userId),
    check(
      'trainer_profiles_organization_role_check',
      sql`${table.organizationRole} in ('manager', 'trainer')`,
    ),
    check('trainer_profiles_bio_check', sql`char_length(${table.bio}) <= 2000`),
  ],
);

/** The formations a trainer is assigned to, beside those they created. */
export const trainerCourseAssignments = pgTable(
  'trainer_course_assignments',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.courseId, table.trainerId] }),
    index('trainer_course_assignments_organization_id_trainer_id_idx').on(
      table.organizationId,
      table.trainerId,
    ),
    index('trainer_course_assignments_course_id_idx').on(table.courseId),
    index('trainer_course_assignments_trainer_id_idx').on(table.trainerId),
  ],
);

/** A trainer's CV or a diploma (Qualiopi indicator 21), its file stored through the files module. */
export const trainerDocuments = pgTable(
  'trainer_documents',
  {
    ...tenantColumns(() => organizations.id),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    issuer: text('issuer'),
    obtainedOn: date('obtained_on'),
    expiresOn: date('expires_on'),
    // A recorded document's file cannot be deleted from under it; a deleted document leaves its file
    // to the orphaned files sweep.
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('trainer_documents_organization_id_trainer_id_idx').on(
      table.organizationId,
      table.trainerId,
      table.createdAt,
    ),
    index('trainer_documents_trainer_id_idx').on(table.trainerId),
    index('trainer_documents_file_id_idx').on(table.fileId),
    check('trainer_documents_kind_check', sql`${table.kind} in ('cv', 'diploma')`),
    check(
      'trainer_documents_expiry_check',
      sql`${table.expiresOn} is null or ${table.obtainedOn} is null or ${table.expiresOn} >= ${table.obtainedOn}`,
    ),
  ],
);
