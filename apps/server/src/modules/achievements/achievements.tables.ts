import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * SPEC 3 badges of an organisation: a criterion, the count that earns it, a rarity. System badges
 * (`system_key`) are created with every organisation (migration 0012's trigger) and named on the web;
 * trainers add their own, named. Tenant table, like every table of this file (migration 0012).
 */
export const badges = pgTable(
  'badges',
  {
    ...tenantColumns(() => organizations.id),
    systemKey: text('system_key'),
    name: text('name'),
    description: text('description').notNull().default(''),
    criterion: text('criterion').notNull(),
    threshold: integer('threshold').notNull(),
    rarity: text('rarity').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The rules read one organisation's badges of one criterion.
    index('badges_organization_id_criterion_idx').on(table.organizationId, table.criterion),
    uniqueIndex('badges_organization_id_system_key_idx').on(table.organizationId, table.systemKey),
    check(
      'badges_criterion_check',
      sql`${table.criterion} in ('time_spent', 'login', 'course_completion', 'quiz_success', 'attendance')`,
    ),
    check('badges_rarity_check', sql`${table.rarity} in ('legendary', 'rare', 'uncommon', 'common')`),
    check('badges_threshold_check', sql`${table.threshold} between 1 and 100000`),
    check('badges_named_check', sql`${table.systemKey} is not null or ${table.name} is not null`),
  ],
);

/** A badge a learner earned; the unique index makes an award happen once, even when two events race. */
export const userBadges = pgTable(
  'user_badges',
  {
    ...tenantColumns(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    badgeId: uuid('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_badges_user_id_badge_id_idx').on(table.userId, table.badgeId),
    index('user_badges_organization_id_idx').on(table.organizationId),
    index('user_badges_badge_id_idx').on(table.badgeId),
  ],
);
