import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courseModules, courses } from '../courses/courses.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * A learner's certified signature of a completed formation or module (SPEC 3, issue 15 point 3).
 * Tenant table: the learner reads and signs their own rows, the organisation's staff read them all
 * and record reminders (migration 0021). What was signed is kept with a hash over it, so a later
 * change of any of these columns is detectable (signature-content.ts).
 */
export const certifiedSignatures = pgTable(
  'certified_signatures',
  {
    ...tenantColumns(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    formationId: uuid('formation_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    signatureType: text('signature_type').notNull(),
    signatureStatus: text('signature_status').notNull().default('pending'),
    // A removed module takes its signatures with it: they attested content that no longer exists.
    moduleId: uuid('module_id').references(() => courseModules.id, { onDelete: 'cascade' }),
    moduleIndex: integer('module_index'),
    /** What the learner saw when signing: their progress and the time tracked on the formation. */
    progress: integer('progress'),
    trackedSeconds: integer('tracked_seconds'),
    /** The drawn signature: a PNG, base64, bounded by the contracts and by the check below. */
    signatureImage: text('signature_image'),
    signatureHash: text('signature_hash'),
    contentHash: text('content_hash'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('certified_signatures_formation_idx')
      .on(table.userId, table.formationId)
      .where(sql`${table.signatureType} = 'formation_completion'`),
    uniqueIndex('certified_signatures_module_idx')
      .on(table.userId, table.moduleId)
      .where(sql`${table.signatureType} = 'module_completion'`),
    index('certified_signatures_organization_id_created_at_idx').on(
      table.organizationId,
      table.createdAt.desc(),
    ),
    index('certified_signatures_formation_id_idx').on(table.formationId),
    index('certified_signatures_module_id_idx').on(table.moduleId),
    check(
      'certified_signatures_type_check',
      sql`${table.signatureType} in ('formation_completion', 'module_completion')`,
    ),
    check(
      'certified_signatures_status_check',
      sql`${table.signatureStatus} in ('pending', 'signed', 'expired', 'error')`,
    ),
    check(
      'certified_signatures_module_check',
      sql`(${table.signatureType} = 'module_completion') = (${table.moduleId} is not null and ${table.moduleIndex} is not null)`,
    ),
    check(
      'certified_signatures_signed_check',
      sql`${table.signatureStatus} <> 'signed' or (${table.signedAt} is not null and ${table.signatureImage} is not null and ${table.contentHash} is not null)`,
    ),
    check('certified_signatures_image_size_check', sql`octet_length(${table.signatureImage}) <= 200000`),
  ],
);
