import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { quizzes } from './quizzes.tables.ts';

/**
 * A quiz's public link (issue 13 point 3): the trainer turns it on, and anyone with
 * /quiz/{quizId}/public may take the quiz without an account. A quiz's id alone opens nothing: its
 * learners know it, so a link must be switched on for that quiz. Visitors' attempts are rows of
 * `quiz_attempts` with source 'public'. Tenant table (migration 0011).
 */
export const quizPublicLinks = pgTable(
  'quiz_public_links',
  {
    ...tenantColumns(() => organizations.id),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    updatedBy: text('updated_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('quiz_public_links_quiz_id_idx').on(table.quizId)],
);
