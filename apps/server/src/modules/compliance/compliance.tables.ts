import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * A file uploaded as evidence of one Qualiopi indicator, with the day it proves (migration 0033).
 * Recorded and removed, never edited.
 */
export const complianceEvidence = pgTable(
  'compliance_evidence',
  {
    ...tenantColumns(() => organizations.id),
    indicator: integer('indicator').notNull(),
    title: text('title').notNull(),
    provenOn: date('proven_on', { mode: 'string' }).notNull(),
    // The file cannot be deleted from under its evidence; removed evidence leaves its file to the
    // orphaned files sweep.
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('compliance_evidence_organization_id_indicator_idx').on(
      table.organizationId,
      table.indicator,
      table.provenOn,
    ),
    index('compliance_evidence_file_id_idx').on(table.fileId),
    check('compliance_evidence_indicator_check', sql`${table.indicator} between 1 and 32`),
  ],
);
