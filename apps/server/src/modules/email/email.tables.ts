import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from '../auth/auth.tables.ts';

/**
 * Every message goes through here first, so nothing is lost: without SMTP it stays as the record
 * a developer reads; with SMTP a failed send is retried with a growing delay.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (List-Unsubscribe…), kept on the row so every retry sends them. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** An iCalendar invitation sent as an attachment (meeting-invitation), kept for the retries. */
    ics: text('ics'),
    /** pending: waiting for SMTP; sent; logged: no SMTP configured; failed: gave up after retries. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * The kinds of email a person turned off (contracts USER_EMAIL_TEMPLATES); a kind without a row is
 * on. Keyed by the person, not by an organisation: the choice is theirs and follows them if they
 * change organisation, so the table holds no tenant data (row-level security keeps each person to
 * their own rows).
 */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
