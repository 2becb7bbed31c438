import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * Uploaded files (lesson videos and PDFs, images of text lessons). The bytes live in the storage
 * (DATA_DIR/files, or an S3-compatible bucket) under `storage_key`; this row says whose they are and what they are,
 * as sniffed from their first bytes at upload.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    ...tenantColumns(() => organizations.id),
    purpose: text('purpose').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stored_files_organization_id_created_at_idx').on(table.organizationId, table.createdAt.desc()),
    check('stored_files_purpose_check', sql`${table.purpose} in ('video', 'document', 'image', 'record')`),
  ],
);
