import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * The reminders already sent, one row per (person, kind, reference): the unique key is what makes a
 * reminder go out once, whichever instance runs the job and however often it restarts. `reference`
 * says what the reminder is about (a formation's id, a stretch of inactivity, a group session's id).
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    ...tenantColumns(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sent_reminders_user_id_kind_reference_idx').on(table.userId, table.kind, table.reference),
    index('sent_reminders_organization_id_idx').on(table.organizationId),
  ],
);
