import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * A group session (SPEC 3 `group_sessions`, issue 15 point 1): a dated meeting in a place or at a
 * meeting URL, optionally tied to a formation. Staff write them; a learner reads those they are
 * invited to (migration 0019). Other modules (attendance) may point at it, never query it.
 */
export const groupSessions = pgTable(
  'group_sessions',
  {
    ...tenantColumns(() => organizations.id),
    // A deleted formation leaves its sessions standing, without the materials link.
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    meetingDate: timestamp('meeting_date', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    location: text('location'),
    meetingUrl: text('meeting_url'),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('group_sessions_organization_id_meeting_date_idx').on(table.organizationId, table.meetingDate),
    index('group_sessions_course_id_idx').on(table.courseId),
    index('group_sessions_meeting_date_idx').on(table.meetingDate),
    check('group_sessions_duration_minutes_check', sql`${table.durationMinutes} > 0`),
  ],
);

/** A learner invited to a group session. */
export const groupSessionParticipants = pgTable(
  'group_session_participants',
  {
    ...tenantColumns(() => organizations.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => groupSessions.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('group_session_participants_session_id_student_id_idx').on(table.sessionId, table.studentId),
    index('group_session_participants_student_id_idx').on(table.studentId),
    index('group_session_participants_organization_id_idx').on(table.organizationId),
  ],
);
