import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from '../auth/auth.tables.ts';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per account. organization_id stays null for a student waiting to be assigned (SPEC 1),
 * which is why this table, unlike later tenant tables, allows it.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role'),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('fr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('profiles_organization_id_idx').on(table.organizationId),
    uniqueIndex('profiles_email_idx').on(table.email),
    check('profiles_role_check', sql`${table.role} in ('student', 'trainer', 'admin')`),
    check('profiles_language_check', sql`${table.language} in ('fr', 'en')`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_roles_user_id_idx').on(table.userId),
    check('user_roles_role_check', sql`${table.role} in ('student', 'trainer', 'admin')`),
  ],
);
