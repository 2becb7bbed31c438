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

/**
 * The audit trail (issue 19): security and compliance events of every kind (sign-ins, role and
 * organisation changes, exports, resets, signatures…), read by an organisation's staff for their own
 * organisation and by admins for all. Append-only like the admin log, and kept: the app never purges
 * it. The organisation and the actor are plain values, not foreign keys, so an event outlives what it
 * names; `before`/`after` hold the changed fields only (never a password, secret or token).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id'),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_created_at_idx').on(table.createdAt.desc()),
    index('audit_events_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
  ],
);
