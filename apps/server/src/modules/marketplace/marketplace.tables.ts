import type { FilePurpose } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import type { StoredLessonContent } from '../courses/courses.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/** A stored file a template's lesson uses, copied beside the listing when it was shared. */
export interface SnapshotFile {
  /** The file's id in the publishing organisation: the name of its copy, and how lessons cite it. */
  ref: string;
  name: string;
  mimeType: string;
  purpose: FilePurpose;
  sizeBytes: number;
}

/**
 * The formation as it was when shared (docs/marketplace.md): its sheet, its outline with each
 * lesson's stored content, and the files they use. Text lessons' HTML was sanitised when written.
 */
export interface FormationSnapshot {
  /** The formation's own category, which the copy keeps. */
  category: string;
  description: string;
  objectives: string;
  prerequisites: string;
  audience: string;
  durationHours: number | null;
  modality: 'in_person' | 'distance' | 'blended' | null;
  teachingMethods: string;
  assessmentMethods: string;
  accessibility: string;
  modules: {
    title: string;
    lessons: {
      title: string;
      estimatedMinutes: number;
      content: StoredLessonContent;
      /** The `ref` of the lesson's uploaded video or document. */
      fileRef: string | null;
    }[];
  }[];
  files: SnapshotFile[];
}

/**
 * Marketplace listings. `organization_id` is the publishing organisation, or NULL for the
 * platform's templates (admins): no organisation's data, readable by every organisation's staff
 * like the rest of the catalogue (migration 0030).
 */
export const marketplaceListings = pgTable(
  'marketplace_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    // The original may be deleted: the snapshot stays listed until its organisation unshares it.
    sourceCourseId: uuid('source_course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** The publishing organisation's name when shared: readers cannot see other organisations. */
    publisherName: text('publisher_name'),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    category: text('category').notNull(),
    level: text('level').notNull(),
    language: text('language').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    moduleCount: integer('module_count').notNull(),
    lessonCount: integer('lesson_count').notNull(),
    snapshot: jsonb('snapshot').$type<FormationSnapshot>().notNull(),
    importCount: integer('import_count').notNull().default(0),
    sharedBy: text('shared_by').references(() => authUsers.id, { onDelete: 'set null' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('marketplace_listings_source_course_id_idx').on(table.sourceCourseId),
    index('marketplace_listings_shared_at_idx').on(table.sharedAt.desc()),
    index('marketplace_listings_organization_id_shared_at_idx').on(
      table.organizationId,
      table.sharedAt.desc(),
    ),
    index('marketplace_listings_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    check(
      'marketplace_listings_category_check',
      sql`${table.category} in ('safety', 'office', 'digital', 'compliance', 'management', 'communication', 'languages', 'sales', 'health', 'other')`,
    ),
    check(
      'marketplace_listings_level_check',
      sql`${table.level} in ('beginner', 'intermediate', 'advanced')`,
    ),
    check('marketplace_listings_language_check', sql`${table.language} in ('fr', 'en')`),
    check(
      'marketplace_listings_counts_check',
      sql`${table.durationMinutes} >= 0 and ${table.moduleCount} >= 0 and ${table.lessonCount} >= 0 and ${table.importCount} >= 0`,
    ),
  ],
);

/** Where an imported formation came from: the importing organisation's record. */
export const marketplaceImports = pgTable(
  'marketplace_imports',
  {
    ...tenantColumns(() => organizations.id),
    listingId: uuid('listing_id').references(() => marketplaceListings.id, { onDelete: 'set null' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    listingTitle: text('listing_title').notNull(),
    importedBy: text('imported_by').references(() => authUsers.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('marketplace_imports_organization_id_imported_at_idx').on(
      table.organizationId,
      table.importedAt.desc(),
    ),
    index('marketplace_imports_listing_id_idx').on(table.listingId),
    index('marketplace_imports_course_id_idx').on(table.courseId),
  ],
);
