import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * An organisation's requirement of two-factor authentication for its staff (issue 19). No row: not
 * required. Kept beside the auth module that enforces it rather than on `organizations`, whose
 * columns each have their own grant.
 */
export const organizationTwoFactorPolicies = pgTable('organization_two_factor_policies', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  staffRequired: boolean('staff_required').notNull().default(false),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
