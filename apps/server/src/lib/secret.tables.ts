import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets the server generates for itself, kept where every instance on the database finds them. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
