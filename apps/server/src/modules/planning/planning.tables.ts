import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * A person's private iCalendar subscription (issue 16 point 7), one at most. The token is never
 * stored: only its SHA-256, to find the subscription, and the random nonce it is derived from with
 * the server's secret, so the planning screen can show the same URL again (migration 0029).
 */
export const planningFeedTokens = pgTable(
  'planning_feed_tokens',
  {
    ...tenantColumns(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('planning_feed_tokens_user_id_idx').on(table.userId),
    uniqueIndex('planning_feed_tokens_token_hash_idx').on(table.tokenHash),
    index('planning_feed_tokens_organization_id_idx').on(table.organizationId),
  ],
);
