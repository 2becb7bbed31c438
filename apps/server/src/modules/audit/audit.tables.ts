import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The admin audit log (issue 17): append-only. The organisation and the actor are kept as plain
 * values, not foreign keys, so the line outlives a deleted organisation or account; the actor's
 * address and name are copied for the same reason. Migration 0032 grants INSERT and SELECT only and a
 * trigger refuses UPDATE, DELETE and TRUNCATE to every role, the owner included.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    organizationId: uuid('organization_id'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_at_idx').on(table.createdAt.desc()),
    index('admin_audit_log_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
  ],
);
