import type { IndicatorFigures } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * The results indicators an organisation publishes (Qualiopi indicator 2): which ones, and the
 * figures last computed for them, with their period. The public page reads only this row, never
 * the activity tables, so it shows exactly what the organisation saw when it saved (migration 0031).
 */
export const publishedIndicators = pgTable(
  'published_indicators',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    isPublished: boolean('is_published').notNull().default(false),
    indicators: text('indicators').array().notNull().default(sql`'{}'::text[]`),
    figures: jsonb('figures').$type<IndicatorFigures>(),
    periodFrom: timestamp('period_from', { withTimezone: true }),
    periodTo: timestamp('period_to', { withTimezone: true }),
    computedAt: timestamp('computed_at', { withTimezone: true }),
    updatedBy: text('updated_by').references(() => authUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('published_indicators_updated_by_idx').on(table.updatedBy),
    check(
      'published_indicators_indicators_check',
      sql`${table.indicators} <@ ARRAY['learnersTrained', 'completionRate', 'dropoutRate', 'satisfaction', 'quizSuccessRate', 'trainingHours']::text[]`,
    ),
  ],
);
