import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const systemLogs = pgTable(
  'system_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id'),
    message: text('message').notNull(),
    stack: text('stack'),
    category: text('category').notNull().default('general'),
    severity: text('severity').notNull().default('low'),
    userId: text('user_id'),
    userRole: text('user_role'),
    url: text('url'),
    componentName: text('component_name'),
    userAgent: text('user_agent'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('system_logs_created_at_idx').on(table.createdAt)],
);

export const notFoundErrors = pgTable(
  'not_found_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    userId: text('user_id'),
    userRole: text('user_role'),
    userAgent: text('user_agent'),
    referrer: text('referrer'),
    errorMessage: text('error_message'),
    errorStack: text('error_stack'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('not_found_errors_timestamp_idx').on(table.timestamp)],
);

/** Answers to "was this guide helpful?"; visitors answer too, so the user is optional. */
export const guideFeedback = pgTable(
  'guide_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: text('guide_id').notNull(),
    helpful: boolean('helpful').notNull(),
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('guide_feedback_guide_id_idx').on(table.guideId)],
);
