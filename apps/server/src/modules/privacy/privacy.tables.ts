import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * How long an organisation keeps an erased learner's training evidence (attendance, certificates,
 * time ledger, quiz results) before the retention job purges it. No row: DEFAULT_RETENTION_YEARS.
 */
export const organizationRetention = pgTable(
  'organization_retention',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    retentionYears: integer('retention_years').notNull(),
    updatedBy: text('updated_by').references(() => authUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('organization_retention_years_check', sql`${table.retentionYears} in (3, 6, 10)`),
    index('organization_retention_updated_by_idx').on(table.updatedBy),
  ],
);

/**
 * One row per learner an organisation erased: their identity is pseudonymised at once, their kept
 * evidence is purged by the retention job once `retained_until` has passed. The account row stays
 * until then (the evidence references it), so this row references it too and goes with the purge.
 * The privacy migration scopes the service and jobs roles' erasure privileges to the learners listed here.
 */
export const privacyErasures = pgTable(
  'privacy_erasures',
  {
    studentId: text('student_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The pseudonym shown wherever the learner's name was ("Apprenant supprimé 1a2b3c4d"). */
    label: text('label').notNull(),
    erasedBy: text('erased_by').references(() => authUsers.id, { onDelete: 'set null' }),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
    retentionYears: integer('retention_years').notNull(),
    retainedUntil: timestamp('retained_until', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('privacy_erasures_organization_id_idx').on(table.organizationId, table.erasedAt.desc()),
    index('privacy_erasures_retained_until_idx').on(table.retainedUntil),
    index('privacy_erasures_erased_by_idx').on(table.erasedBy),
  ],
);
