import type { AssistantSource } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * A user's conversation with an assistant (SPEC 3 chat message, conversationId). Only its owner
 * reads or deletes it, admins included (migration 0042). The organisation is the user's at the time;
 * it is null only for an admin without one, who still has the organisation space's assistant.
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    space: text('space').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('assistant_conversations_user_id_idx').on(table.userId, table.updatedAt.desc()),
    index('assistant_conversations_organization_id_idx').on(table.organizationId),
    check(
      'assistant_conversations_space_check',
      sql`${table.space} in ('student_space', 'organization_space')`,
    ),
  ],
);

/** SPEC 3 chat message: role, content, timestamp; an assistant's answer keeps its sources. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    sources: jsonb('sources').$type<AssistantSource[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('assistant_messages_conversation_id_created_at_idx').on(table.conversationId, table.createdAt),
    index('assistant_messages_organization_id_idx').on(table.organizationId),
    index('assistant_messages_user_id_idx').on(table.userId),
    check('assistant_messages_role_check', sql`${table.role} in ('user', 'assistant')`),
  ],
);
