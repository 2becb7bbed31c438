import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * One conversation between a learner and a trainer of the learner's organisation (issue 14 point
 * 4), one per pair. Only its two participants read or write it (migration 0017): not the other
 * trainers of the organisation, not the platform's admins. Each side's read state lives here:
 * what they read up to, and when they were last notified (notifications are coalesced on it).
 */
export const conversations = pgTable(
  'conversations',
  {
    ...tenantColumns(() => organizations.id),
    studentId: text('student_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** The newest message the learner has read (its created_at); null: none yet. */
    studentLastReadAt: timestamp('student_last_read_at', { withTimezone: true }),
    trainerLastReadAt: timestamp('trainer_last_read_at', { withTimezone: true }),
    /** When the learner was last told of a new message; none again until they read past it. */
    studentNotifiedAt: timestamp('student_notified_at', { withTimezone: true }),
    trainerNotifiedAt: timestamp('trainer_notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('conversations_student_id_trainer_id_idx').on(table.studentId, table.trainerId),
    index('conversations_trainer_id_idx').on(table.trainerId),
    index('conversations_organization_id_idx').on(table.organizationId),
    check('conversations_two_people_check', sql`${table.studentId} <> ${table.trainerId}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    ...tenantColumns(() => organizations.id),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    // An attachment cannot be deleted from under its message (the orphan sweep keeps it).
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_conversation_id_created_at_idx').on(table.conversationId, table.createdAt, table.id),
    index('messages_file_id_idx').on(table.fileId),
    index('messages_organization_id_idx').on(table.organizationId),
    check('messages_content_check', sql`${table.body} <> '' or ${table.fileId} is not null`),
    check('messages_body_length_check', sql`char_length(${table.body}) <= 5000`),
  ],
);
