import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { postgresCodeOf } from '../../plugins/error-handler.ts';
import type { FileAccessPolicy } from './files.service.ts';
import { storedFiles } from './files.tables.ts';

export const ORPHAN_SWEEP_JOB = 'files-orphan-sweep';
/** Four runs a day: an unused file goes within about a day of its upload (grace included). */
export const ORPHAN_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
/**
 * How long an upload may stay unused before it is an orphan. A trainer uploads a file, then saves
 * the lesson that uses it: a day covers a lesson form left open overnight. An upload in progress
 * (at most the 15-minute request timeout, app.ts) is far younger.
 */
export const ORPHAN_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

const ORGANIZATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// A lesson saved between the sweep's read of what is in use and its delete holds the file by its
// foreign key (ON DELETE RESTRICT): the delete fails and the file stays, as it should.
const FOREIGN_KEY_VIOLATION = '23503';

export interface SweepResult {
  /** Rows (and their objects) of files no lesson used, older than the grace period. */
  removedFiles: number;
  /** Objects, or leftovers of unfinished writes, that no row describes, older than the grace period. */
  removedObjects: number;
  /** Files still in use whose bytes are missing from the storage: restore them from a backup. */
  missingFileIds: string[];
}

/**
 * Removes what nothing uses any more, one organisation at a time (as cursus_jobs, like every job). An orphan is, past ORPHAN_FILE_GRACE_MS:
 * - a stored file no domain uses (`fileIdsInUse`: a lesson's video or document, an image in a text
 *   lesson): its row, then its object;
 * - an object, or an interrupted write's leftover, with no row (a crash between writing the bytes
 *   and recording them, a row deleted whose object removal failed).
 * A file in use whose object is missing cannot be removed (the lesson needs its row): it is
 * reported for an operator to restore.
 */
export async function sweepOrphanFiles(
  options: { database: Database; storage: Storage; uses: FileAccessPolicy },
  at: Date,
): Promise<SweepResult> {
  const { database, storage, uses } = options;
  const db = database.jobs;
  const cutoff = new Date(at.getTime() - ORPHAN_FILE_GRACE_MS);
  const result: SweepResult = { removedFiles: 0, removedObjects: 0, missingFileIds: [] };

  const withRows = await db.selectDistinct({ id: storedFiles.organizationId }).from(storedFiles);
  const organizationIds = new Set([
    ...withRows.map((row) => row.id),
    // Folders whose organisation was deleted (its rows went with it) hold only orphans.
    ...(await storage.listPrefixes()).filter((prefix) => ORGANIZATION_ID.test(prefix)),
  ]);

  for (const organizationId of organizationIds) {
    const inUse = await uses.fileIdsInUse(organizationId);
    const rows = await db
      .select({ id: storedFiles.id, storageKey: storedFiles.storageKey, createdAt: storedFiles.createdAt })
      .from(storedFiles)
      .where(eq(storedFiles.organizationId, organizationId));
    const objects = await storage.list(organizationId);
    const storedKeys = new Set(objects.filter((object) => !object.isPartial).map((object) => object.key));
    const rowKeys = new Set(rows.map((row) => row.storageKey));

    for (const row of rows) {
      if (inUse.has(row.id)) {
        if (!storedKeys.has(row.storageKey)) result.missingFileIds.push(row.id);
        continue;
      }
      if (row.createdAt >= cutoff) continue;
      try {
        const deleted = await db
          .delete(storedFiles)
          .where(and(eq(storedFiles.id, row.id), lt(storedFiles.createdAt, cutoff)))
          .returning({ id: storedFiles.id });
        if (deleted.length === 0) continue;
      } catch (error) {
        if (postgresCodeOf(error) === FOREIGN_KEY_VIOLATION) continue;
        throw error;
      }
      // The row goes first: should removing the object fail, the next run finds it without a row.
      await storage.remove(row.storageKey);
      result.removedFiles += 1;
    }

    for (const object of objects) {
      if (rowKeys.has(object.key) || object.modifiedAt >= cutoff) continue;
      await storage.remove(object.key);
      result.removedObjects += 1;
    }
  }
  return result;
}
