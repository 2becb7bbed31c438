import { randomUUID } from 'node:crypto';
import {
  type FilePurpose,
  type Language,
  type MarketplaceCategory,
  type MarketplaceImportResult,
  type MarketplaceLevel,
  type MarketplaceList,
  type MarketplaceListing,
  type MarketplaceListQuerySchema,
  type MarketplacePreview,
  type SessionUser,
  type ShareFormationInput,
  ShareFormationInputSchema,
} from '@cursus/contracts';
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import {
  type FormationCopy,
  fileIdsOfFormation,
  LESSON_IMAGE_TAG,
  renameLessonFiles,
} from '../courses/courses.module.ts';
import type { FilesService } from '../files/files.module.ts';
import { type FormationSnapshot, marketplaceImports, marketplaceListings } from './marketplace.tables.ts';

type ListingRow = typeof marketplaceListings.$inferSelect;

/** What the marketplace needs of the courses module: a whole formation, read and written. */
export interface FormationCopies {
  read(tx: Tx, courseId: string): Promise<FormationCopy & { organizationId: string }>;
  write(
    tx: Tx,
    input: { organizationId: string; createdBy: string; copy: FormationCopy; at: Date },
  ): Promise<{ courseId: string; moduleCount: number; lessonCount: number }>;
}

/**
 * Where a listing's copies of its files live: outside every organisation's folder, so no
 * organisation's orphan sweep removes them; unsharing does.
 */
export const listingFolder = (listingId: string) => `marketplace/${listingId}`;
const listingFileKey = (listingId: string, ref: string) => `${listingFolder(listingId)}/${ref}`;

/** The card's columns: the snapshot (the heavy part) stays out of the catalogue's list. */
const cardSelection = {
  id: marketplaceListings.id,
  organizationId: marketplaceListings.organizationId,
  sourceCourseId: marketplaceListings.sourceCourseId,
  publisherName: marketplaceListings.publisherName,
  title: marketplaceListings.title,
  summary: marketplaceListings.summary,
  category: marketplaceListings.category,
  level: marketplaceListings.level,
  language: marketplaceListings.language,
  durationMinutes: marketplaceListings.durationMinutes,
  moduleCount: marketplaceListings.moduleCount,
  lessonCount: marketplaceListings.lessonCount,
  importCount: marketplaceListings.importCount,
  sharedAt: marketplaceListings.sharedAt,
};
type CardRow = Pick<ListingRow, keyof typeof cardSelection>;

/** Admins manage every listing; an organisation's staff, their own organisation's. */
function canManage(actor: SessionUser, row: Pick<ListingRow, 'organizationId'>): boolean {
  return (
    actor.role === 'admin' || (row.organizationId !== null && row.organizationId === actor.organizationId)
  );
}

function toListing(actor: SessionUser, row: CardRow): MarketplaceListing {
  const manages = canManage(actor, row);
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category as MarketplaceCategory,
    level: row.level as MarketplaceLevel,
    language: row.language as Language,
    durationMinutes: row.durationMinutes,
    moduleCount: row.moduleCount,
    lessonCount: row.lessonCount,
    publisher: row.organizationId ? 'organization' : 'platform',
    publisherName: row.organizationId ? row.publisherName : null,
    canManage: manages,
    // Which formation was shared is the publishing organisation's business only.
    sourceCourseId: manages ? row.sourceCourseId : null,
    importCount: row.importCount,
    sharedAt: row.sharedAt.toISOString(),
  };
}

function lessonCountOf(snapshot: Pick<FormationSnapshot, 'modules'>): number {
  return snapshot.modules.reduce((total, module) => total + module.lessons.length, 0);
}

export function createMarketplaceService(options: {
  database: Database;
  courses: FormationCopies;
  files: FilesService;
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
  now: () => Date;
}) {
  const { database, courses, files, now } = options;
  const asTenant = <T>(actor: SessionUser, work: (tx: Tx) => Promise<T>) =>
    database.withTenant(tenantOf(actor), work);

  async function findListing(tx: Tx, listingId: string): Promise<ListingRow> {
    const [row] = await tx.select().from(marketplaceListings).where(eq(marketplaceListings.id, listingId));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    /** The catalogue: every listing (row-level security lets any organisation's staff read it). */
    async list(
      actor: SessionUser,
      query: z.output<typeof MarketplaceListQuerySchema>,
    ): Promise<MarketplaceList> {
      const filters: SQL[] = [];
      if (query.search) {
        const pattern = containsPattern(query.search);
        filters.push(
          or(ilike(marketplaceListings.title, pattern), ilike(marketplaceListings.summary, pattern))!,
        );
      }
      if (query.category) filters.push(eq(marketplaceListings.category, query.category));
      if (query.language) filters.push(eq(marketplaceListings.language, query.language));
      if (query.publisher === 'platform') filters.push(isNull(marketplaceListings.organizationId));
      if (query.publisher === 'organization')
        filters.push(sql`${marketplaceListings.organizationId} is not null`);
      const ownOrganization = actor.organizationId
        ? eq(marketplaceListings.organizationId, actor.organizationId)
        : sql`false`;
      if (query.mine) filters.push(ownOrganization);
      // A formation's listing is found by its own organisation only (and admins).
      if (query.courseId)
        filters.push(
          and(
            eq(marketplaceListings.sourceCourseId, query.courseId),
            actor.role === 'admin' ? undefined : ownOrganization,
          )!,
        );
      const where = filters.length > 0 ? and(...filters) : undefined;
      return asTenant(actor, (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(marketplaceListings).where(where),
          tx
            .select(cardSelection)
            .from(marketplaceListings)
            .where(where)
            .orderBy(desc(marketplaceListings.sharedAt), desc(marketplaceListings.id))
            .$dynamic(),
          (row) => toListing(actor, row),
        ),
      );
    },

    async preview(actor: SessionUser, listingId: string): Promise<MarketplacePreview> {
      const row = await asTenant(actor, (tx) => findListing(tx, listingId));
      const { snapshot } = row;
      const firstLesson = snapshot.modules[0]?.lessons[0];
      return {
        ...toListing(actor, row),
        description: snapshot.description,
        objectives: snapshot.objectives,
        prerequisites: snapshot.prerequisites,
        audience: snapshot.audience,
        modules: snapshot.modules.map((module) => ({
          title: module.title,
          lessons: module.lessons.map((lesson) => ({
            title: lesson.title,
            type: lesson.content.type,
            estimatedMinutes: lesson.estimatedMinutes,
          })),
        })),
        // Its images are the publisher's files, unreadable to others until imported: left out.
        firstLesson:
          firstLesson?.content.type === 'text'
            ? { title: firstLesson.title, html: firstLesson.content.html.replace(LESSON_IMAGE_TAG, '') }
            : null,
      };
    },

    /**
     * Shares a formation of the caller's organisation as a snapshot (docs/marketplace.md), or takes a
     * new snapshot of one already shared. Its files are copied beside the listing first, so later
     * edits or deletions in the formation never reach the catalogue.
     */
    async share(actor: SessionUser, rawInput: ShareFormationInput): Promise<MarketplaceListing> {
      const input = ShareFormationInputSchema.parse(rawInput);
      if (input.asPlatform && actor.role !== 'admin') throw new AppError('NOT_AUTHORIZED');
      const { formation, fileRows, existing, organizationName } = await asTenant(actor, async (tx) => {
        const formation = await courses.read(tx, input.courseId);
        const [existing] = await tx
          .select({ id: marketplaceListings.id, organizationId: marketplaceListings.organizationId })
          .from(marketplaceListings)
          .where(eq(marketplaceListings.sourceCourseId, input.courseId));
        const fileRows = await files.findInOrganization(
          tx,
          formation.organizationId,
          fileIdsOfFormation(formation),
        );
        const names = await options.organizationNames(tx, [formation.organizationId]);
        return {
          formation,
          fileRows,
          existing,
          organizationName: names.get(formation.organizationId) ?? null,
        };
      });
      if (formation.modules.every((module) => module.lessons.length === 0))
        throw new AppError('VALIDATION_ERROR', {
          fields: [{ path: 'courseId', message: 'EMPTY_FORMATION' }],
        });
      // Shared as platform by an admin: the organisation's staff can no longer replace it.
      if (existing && !canManage(actor, existing)) throw new AppError('ALREADY_EXISTS');

      const listingId = existing?.id ?? randomUUID();
      const snapshotFiles = fileRows.map((file) => ({
        ref: file.id,
        name: file.name,
        mimeType: file.mimeType,
        purpose: file.purpose as FilePurpose,
        sizeBytes: file.sizeBytes,
      }));
      for (const file of fileRows)
        await files.copyObject(file.storageKey, listingFileKey(listingId, file.id));
      const { organizationId: _source, title, modules, ...sheet } = formation;
      const snapshot: FormationSnapshot = {
        ...sheet,
        modules: modules.map((module) => ({
          title: module.title,
          lessons: module.lessons.map(({ fileId, ...lesson }) => ({ ...lesson, fileRef: fileId })),
        })),
        files: snapshotFiles,
      };
      const at = now();
      const values = {
        title,
        summary: input.summary,
        category: input.category,
        level: input.level,
        language: input.language,
        durationMinutes: input.durationMinutes,
        moduleCount: modules.length,
        lessonCount: lessonCountOf(snapshot),
        snapshot,
        sharedBy: actor.id,
        sharedAt: at,
      };
      let row: CardRow;
      try {
        row = await asTenant(actor, async (tx) => {
          if (existing) {
            const [updated] = await tx
              .update(marketplaceListings)
              .set(values)
              .where(eq(marketplaceListings.id, listingId))
              .returning(cardSelection);
            if (!updated) throw new AppError('NOT_FOUND');
            return updated;
          }
          const [inserted] = await tx
            .insert(marketplaceListings)
            .values({
              ...values,
              id: listingId,
              organizationId: input.asPlatform ? null : formation.organizationId,
              publisherName: input.asPlatform ? null : organizationName,
              sourceCourseId: input.courseId,
              createdAt: at,
            })
            .returning(cardSelection);
          return inserted!;
        });
      } catch (error) {
        if (!existing) await files.removeObjects(listingFolder(listingId));
        throw error;
      }
      // A new snapshot no longer needs the copies of files its formation stopped using.
      if (existing)
        await files.removeObjects(
          listingFolder(listingId),
          new Set(fileRows.map((file) => listingFileKey(listingId, file.id))),
        );
      return toListing(actor, row);
    },

    /** Removes a listing and its files' copies; formations already imported stay as they are. */
    async unshare(actor: SessionUser, listingId: string): Promise<void> {
      const deleted = await asTenant(actor, (tx) =>
        tx
          .delete(marketplaceListings)
          .where(eq(marketplaceListings.id, listingId))
          .returning({ id: marketplaceListings.id }),
      );
      // Row-level security hides another organisation's listing from a delete: the same 404.
      if (deleted.length === 0) throw new AppError('NOT_FOUND');
      await files.removeObjects(listingFolder(listingId));
    },

    /**
     * Copies a template into the caller's organisation as a new draft formation of theirs, files
     * included (new stored files, counted in its quota), and records where it came from.
     */
    async importListing(actor: SessionUser, listingId: string): Promise<MarketplaceImportResult> {
      const organizationId = actor.organizationId;
      if (!organizationId) throw new AppError('NO_ORGANIZATION');
      const listing = await asTenant(actor, (tx) => findListing(tx, listingId));
      const { snapshot } = listing;
      const copies: Parameters<FilesService['recordCopies']>[2] = [];
      const idOf = new Map<string, string>();
      let written: Awaited<ReturnType<FormationCopies['write']>>;
      try {
        for (const file of snapshot.files) {
          const target = files.newFileKey(organizationId);
          await files.copyObject(listingFileKey(listing.id, file.ref), target.storageKey);
          copies.push({
            ...target,
            name: file.name,
            mimeType: file.mimeType,
            purpose: file.purpose,
            sizeBytes: file.sizeBytes,
            uploadedBy: actor.id,
          });
          idOf.set(file.ref, target.id);
        }
        const { files: _files, modules, ...sheet } = snapshot;
        const copy: FormationCopy = {
          ...sheet,
          title: listing.title,
          modules: modules.map((module) => ({
            title: module.title,
            lessons: module.lessons
              // A lesson whose upload was not copied would point at nothing: it is left out.
              .filter((lesson) => !lesson.fileRef || idOf.has(lesson.fileRef))
              .map(({ fileRef, ...lesson }) => ({
                ...lesson,
                content:
                  lesson.content.type === 'text'
                    ? { type: 'text' as const, html: renameLessonFiles(lesson.content.html, idOf) }
                    : lesson.content,
                fileId: fileRef ? idOf.get(fileRef)! : null,
              })),
          })),
        };
        const at = now();
        written = await asTenant(actor, async (tx) => {
          await files.recordCopies(tx, organizationId, copies);
          const result = await courses.write(tx, { organizationId, createdBy: actor.id, copy, at });
          await tx.insert(marketplaceImports).values({
            organizationId,
            listingId: listing.id,
            courseId: result.courseId,
            listingTitle: listing.title,
            importedBy: actor.id,
            importedAt: at,
          });
          return result;
        });
      } catch (error) {
        for (const copied of copies) await files.removeObject(copied.storageKey);
        throw error;
      }
      // Another organisation's listing: the count is a record written for someone else
      // (cursus_service, which may change nothing else of it), once the copy is committed.
      await database.service
        .update(marketplaceListings)
        .set({ importCount: sql`${marketplaceListings.importCount} + 1` })
        .where(eq(marketplaceListings.id, listing.id));
      return { ...written, title: listing.title };
    },
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
