import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * A document of the organisation (issue 16 point 4) or one made for a learner, pointing at its
 * current version's stored file. Who reads it besides staff is its `visibility` (migration 0027).
 */
export const documents = pgTable(
  'documents',
  {
    ...tenantColumns(() => organizations.id),
    title: text('title').notNull(),
    category: text('category').notNull(),
    visibility: text('visibility').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    studentId: text('student_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('documents_organization_id_updated_at_idx').on(table.organizationId, table.updatedAt.desc()),
    index('documents_course_id_idx').on(table.courseId),
    index('documents_student_id_idx').on(table.studentId),
    index('documents_organization_id_category_updated_at_idx').on(
      table.organizationId,
      table.category,
      table.updatedAt.desc(),
    ),
    check(
      'documents_category_check',
      sql`${table.category} in ('internal_rules', 'programme', 'terms', 'template', 'convocation', 'convention', 'other')`,
    ),
    check(
      'documents_visibility_check',
      sql`${table.visibility} in ('staff', 'organization', 'course', 'learner')`,
    ),
    check(
      'documents_audience_check',
      sql`(${table.visibility} <> 'course' or ${table.courseId} is not null) and (${table.visibility} = 'learner') = (${table.studentId} is not null)`,
    ),
    check('documents_version_check', sql`${table.version} >= 1`),
  ],
);

/** Every version of a document, the current one included: staff's history, kept by the orphan sweep. */
export const documentVersions = pgTable(
  'document_versions',
  {
    ...tenantColumns(() => organizations.id),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    uploadedBy: text('uploaded_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('document_versions_document_id_version_idx').on(table.documentId, table.version),
    uniqueIndex('document_versions_file_id_idx').on(table.fileId),
    index('document_versions_organization_id_idx').on(table.organizationId),
  ],
);

/**
 * A paper the platform requires of organisations or of their learners (issue 17 point 3, migration
 * 0038): platform data, written by admins, read by every organisation's members.
 */
export const documentRequirements = pgTable(
  'document_requirements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    audience: text('audience').notNull(),
    actionCategories: text('action_categories').array().notNull().default(sql`'{}'`),
    certifyingOnly: boolean('certifying_only').notNull().default(false),
    required: boolean('required').notNull().default(true),
    documentCategory: text('document_category').notNull(),
    titleKeyword: text('title_keyword'),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('document_requirements_audience_name_idx').on(table.audience, table.name),
    index('document_requirements_created_by_idx').on(table.createdBy),
    check('document_requirements_audience_check', sql`${table.audience} in ('organization', 'learner')`),
    check(
      'document_requirements_action_categories_check',
      sql`${table.actionCategories} <@ array['training', 'skills_assessment', 'vae', 'apprenticeship']::text[]`,
    ),
    check(
      'document_requirements_document_category_check',
      sql`${table.documentCategory} in ('internal_rules', 'programme', 'terms', 'template', 'convocation', 'convention', 'other')`,
    ),
  ],
);

/** An admin's review of the document that answers a requirement, for the version they read. */
export const documentRequirementReviews = pgTable(
  'document_requirement_reviews',
  {
    ...tenantColumns(() => organizations.id),
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => documentRequirements.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    studentId: text('student_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    documentVersion: integer('document_version').notNull(),
    status: text('status').notNull(),
    comment: text('comment').notNull().default(''),
    reviewedBy: text('reviewed_by').references(() => authUsers.id, { onDelete: 'set null' }),
    /** Kept with the review: the organisation's staff cannot read an admin's profile. */
    reviewerName: text('reviewer_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('document_requirement_reviews_requirement_id_document_id_idx').on(
      table.requirementId,
      table.documentId,
    ),
    index('document_requirement_reviews_organization_id_idx').on(table.organizationId),
    index('document_requirement_reviews_document_id_idx').on(table.documentId),
    index('document_requirement_reviews_student_id_idx').on(table.studentId),
    index('document_requirement_reviews_reviewed_by_idx').on(table.reviewedBy),
    check('document_requirement_reviews_status_check', sql`${table.status} in ('valid', 'refused')`),
    check('document_requirement_reviews_version_check', sql`${table.documentVersion} >= 1`),
  ],
);
