import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * One row per recipient (SPEC 3). Tenant table: row-level security lets a person read and mark
 * only their own rows (migration 0003). Rows are written outside any tenant (cursus_service, 0009) by
 * the services and jobs that raise them, since they are addressed to someone other than the current
 * user.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantColumns(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** What raised it (`NOTIFICATION_KINDS`); its text is written from `metadata` in the reader's language. */
    type: text('type').notNull(),
    notificationType: text('notification_type').notNull().default('general'),
    actionUrl: text('action_url'),
    isRead: boolean('is_read').notNull().default(false),
    /** The space it belongs to (e.g. trainer), so a screen can list or clear only its own. */
    context: text('context'),
    metadata: jsonb('metadata').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    index('notifications_organization_id_idx').on(table.organizationId),
    check(
      'notifications_notification_type_check',
      sql`${table.notificationType} in ('achievement', 'general')`,
    ),
  ],
);
