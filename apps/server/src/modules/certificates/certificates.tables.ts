import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * A certificate issued to a learner for a formation (issue 15 point 4), with its stored PDF. What it
 * certifies (names, title, hours, dates) is kept as issued: the PDF and the public verification page
 * say the same thing even after a learner or a formation is renamed or removed.
 */
export const certificates = pgTable(
  'certificates',
  {
    ...tenantColumns(() => organizations.id),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    studentId: text('student_id').references(() => authUsers.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    organizationName: text('organization_name').notNull(),
    trackedSeconds: integer('tracked_seconds').notNull(),
    firstActivityAt: timestamp('first_activity_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    // The issued PDF cannot be deleted from under its certificate.
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    issuedBy: text('issued_by').references(() => authUsers.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => authUsers.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('certificates_code_idx').on(table.code),
    // One valid certificate of a kind per learner and formation; a revoked one may be issued again.
    uniqueIndex('certificates_valid_idx')
      .on(table.studentId, table.courseId, table.kind)
      .where(sql`${table.revokedAt} is null`),
    index('certificates_organization_id_issued_at_idx').on(table.organizationId, table.issuedAt.desc()),
    index('certificates_course_id_idx').on(table.courseId),
    index('certificates_student_id_idx').on(table.studentId),
    index('certificates_file_id_idx').on(table.fileId),
    check('certificates_kind_check', sql`${table.kind} in ('realisation', 'completion')`),
    check('certificates_tracked_seconds_check', sql`${table.trackedSeconds} >= 0`),
  ],
);
