import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { quizAttempts, quizzes } from './quizzes.tables.ts';

/**
 * Positioning invitations (issue 13 point 4, Qualiopi indicators 4 and 8): a single-use link mailed
 * to a future learner before a formation. Only the token's SHA-256 is kept: whoever reads the table
 * cannot answer in someone's name. Tenant table (migration 0011): the organisation's staff send and
 * read them; visitors reach one only through its token, as cursus_service.
 */
export const positioningTokens = pgTable(
  'positioning_tokens',
  {
    ...tenantColumns(() => organizations.id),
    tokenHash: text('token_hash').notNull(),
    /** Lower-cased on the way in (contracts EmailSchema): the key the answers attach by. */
    email: text('email').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    /** The invitation email's language. */
    language: text('language').notNull().default('fr'),
    sentBy: text('sent_by').references(() => authUsers.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a newer invitation replaces this one, or the trainer withdraws it. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The attempt begun with this token (source 'positioning'): one at most, the token is single use. */
    attemptId: uuid('attempt_id').references(() => quizAttempts.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The account with this address, once it exists (at its first sign-in, or at once if it did). */
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('positioning_tokens_token_hash_idx').on(table.tokenHash),
    uniqueIndex('positioning_tokens_attempt_id_idx').on(table.attemptId),
    index('positioning_tokens_organization_id_course_id_sent_at_idx').on(
      table.organizationId,
      table.courseId,
      table.sentAt.desc(),
    ),
    index('positioning_tokens_quiz_id_idx').on(table.quizId),
    index('positioning_tokens_user_id_idx').on(table.userId),
    // Sign-in attaches the invitations still waiting for an account: a few rows, found by address.
    index('positioning_tokens_unattached_email_idx').on(table.email).where(sql`${table.userId} is null`),
    check('positioning_tokens_language_check', sql`${table.language} in ('fr', 'en')`),
    check('positioning_tokens_expiry_check', sql`${table.expiresAt} > ${table.sentAt}`),
  ],
);
