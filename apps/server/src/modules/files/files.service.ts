import { randomUUID } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import {
  FILE_LIMITS,
  type FilePurpose,
  fileUrl,
  ORGANIZATION_STORAGE_QUOTA_BYTES,
  type SessionUser,
  type StoredFile,
  UPLOADS_PER_USER_PER_HOUR,
} from '@cursus/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter, type Limit } from '../../lib/rate-limit.ts';
import type { Storage } from '../../lib/storage.ts';
import { storedFiles } from './files.tables.ts';
import { SNIFF_BYTES, sniffMimeType } from './sniff.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;

const UPLOADS_PER_USER: Limit = { max: UPLOADS_PER_USER_PER_HOUR, windowMs: 60 * 60 * 1000 };

/**
 * What the files module asks of the domains that use files (courses today): who may upload into
 * which organisation, which stored files a learner may read, and which are still used. Handed to
 * this module's routes and orphan sweep by app.ts, so this module depends on no other.
 */
export interface FileAccessPolicy {
  /** The organisation an upload goes to (the formation's when one is named); throws when refused. */
  uploadOrganization(user: SessionUser, courseId?: string): Promise<string>;
  /** Whether the signed-in user may read this file; staff of its organisation always may. */
  canRead(user: SessionUser, file: StoredFileRow): Promise<boolean>;
  /**
   * Every stored file of the organisation its domain still uses (as cursus_jobs: the orphan sweep
   * asks for no one in particular). A file nobody uses past the grace period is removed.
   */
  fileIdsInUse(organizationId: string): Promise<Set<string>>;
}

/** Bytes the organisation's stored files take, as its quota counts them. */
async function usedBytes(tx: Tx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql`coalesce(sum(${storedFiles.sizeBytes}), 0)`.mapWith(Number) })
    .from(storedFiles)
    .where(eq(storedFiles.organizationId, organizationId));
  return row?.total ?? 0;
}

function toStoredFile(row: StoredFileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    purpose: row.purpose as FilePurpose,
    url: fileUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Room for the multipart envelope around the file in a request's announced length. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/** Passes the bytes through once their first ones show an accepted format; fails the stream otherwise. */
function formatCheck(accepted: readonly string[], onDetected: (mimeType: string) => void): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const decide = (stream: Transform, callback: (error?: Error | null) => void) => {
    const mimeType = sniffMimeType(head!);
    if (!mimeType || !accepted.includes(mimeType)) return callback(new AppError('UNSUPPORTED_FORMAT'));
    onDetected(mimeType);
    stream.push(head);
    head = null;
    callback();
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return callback();
      decide(this, callback);
    },
    flush(callback) {
      if (head === null) return callback();
      decide(this, callback);
    },
  });
}

/** A file name safe to store and to echo in Content-Disposition: no path, no control characters. */
function cleanFileName(name: string | undefined, mimeType: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((character) => character >= ' ' && character !== '\u007f' && character !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || `fichier.${mimeType.split('/')[1]}`;
}

export function createFilesService(options: { database: Database; storage: Storage; now: () => Date }) {
  const { database, storage, now } = options;
  const attempts = createAttemptCounter(database.service, now);

  return {
    /**
     * What is checked before a byte of an upload is read: the uploader's hourly rate, and whether
     * `announcedBytes` (the request's length, envelope included) still fits the organisation's quota.
     * `upload` checks the quota again, for sure, once the real size is known.
     */
    async admitUpload(actor: SessionUser, input: { organizationId: string; announcedBytes: number }) {
      await attempts.consume(`user:${actor.id}:uploads`, UPLOADS_PER_USER);
      const used = await database.withTenant(tenantOf(actor), (tx) => usedBytes(tx, input.organizationId));
      if (used + input.announcedBytes > ORGANIZATION_STORAGE_QUOTA_BYTES + MULTIPART_ENVELOPE_BYTES)
        throw new AppError('STORAGE_QUOTA_EXCEEDED');
    },

    /**
     * Streams an upload into the storage, checking its format from its first bytes and its size
     * against the purpose's limit, then records it in `organizationId` (row-level security checks
     * the actor may write there) if it fits the organisation's quota. Refused, it leaves nothing.
     */
    async upload(
      actor: SessionUser,
      input: {
        purpose: FilePurpose;
        organizationId: string;
        fileName: string | undefined;
        source: Readable & { truncated?: boolean };
      },
    ): Promise<StoredFile> {
      const limit = FILE_LIMITS[input.purpose];
      const id = randomUUID();
      const storageKey = `${input.organizationId}/${id}`;
      let mimeType = '';
      const checked = pipeline(
        input.source,
        formatCheck(limit.mimeTypes, (detected) => {
          mimeType = detected;
        }),
        () => {},
      );
      const sizeBytes = await storage.write(storageKey, checked);
      if (input.source.truncated || sizeBytes > limit.maxBytes) {
        await storage.remove(storageKey);
        throw new AppError('FILE_TOO_LARGE');
      }
      try {
        const [row] = await database.withTenant(tenantOf(actor), async (tx) => {
          // Uploads into one organisation record one at a time (the lock is held until commit): two
          // parallel uploads can never both count the same free bytes as theirs.
          const lockKey = `stored_files:${input.organizationId}`;
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
          if ((await usedBytes(tx, input.organizationId)) + sizeBytes > ORGANIZATION_STORAGE_QUOTA_BYTES)
            throw new AppError('STORAGE_QUOTA_EXCEEDED');
          return tx
            .insert(storedFiles)
            .values({
              id,
              organizationId: input.organizationId,
              purpose: input.purpose,
              name: cleanFileName(input.fileName, mimeType),
              mimeType,
              sizeBytes,
              storageKey,
              uploadedBy: actor.id,
              createdAt: now(),
            })
            .returning();
        });
        return toStoredFile(row!);
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
    },

    /** Files of one organisation by id, inside the caller's transaction (for lessons that use them). */
    async findInOrganization(tx: Tx, organizationId: string, ids: string[]): Promise<StoredFileRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.organizationId, organizationId), inArray(storedFiles.id, ids)));
    },

    /** The file's record if the actor's tenant may see it (its organisation, or any for admins). */
    async find(actor: SessionUser, fileId: string): Promise<StoredFileRow | null> {
      const [row] = await database.withTenant(tenantOf(actor), (tx) =>
        tx.select().from(storedFiles).where(eq(storedFiles.id, fileId)),
      );
      return row ?? null;
    },

    read(row: StoredFileRow, range?: { start: number; end: number }) {
      return storage.read(row.storageKey, range);
    },

    /**
     * Copies a stored object's bytes under another key. Keys outside an organisation's folder (the
     * marketplace's `marketplace/<listing>/…`) are never swept: their owner removes them.
     */
    async copyObject(fromKey: string, toKey: string): Promise<number> {
      return storage.write(toKey, storage.read(fromKey));
    },

    /** Removes the objects under `prefix` (a folder outside the organisations', see copyObject) but `keep`. */
    async removeObjects(prefix: string, keep: ReadonlySet<string> = new Set()): Promise<void> {
      for (const object of await storage.list(prefix))
        if (!keep.has(object.key)) await storage.remove(object.key);
    },

    /** The key a new file of the organisation is stored under, with its id. */
    newFileKey(organizationId: string): { id: string; storageKey: string } {
      const id = randomUUID();
      return { id, storageKey: `${organizationId}/${id}` };
    },

    /**
     * Records files whose bytes were copied under `newFileKey` keys, in the caller's transaction,
     * if they fit the organisation's quota (STORAGE_QUOTA_EXCEEDED otherwise). Bytes left without a
     * row, should the transaction fail, are the orphan sweep's.
     */
    async recordCopies(
      tx: Tx,
      organizationId: string,
      copies: (Pick<StoredFileRow, 'id' | 'storageKey' | 'name' | 'mimeType' | 'sizeBytes' | 'uploadedBy'> & {
        purpose: FilePurpose;
      })[],
    ): Promise<void> {
      if (copies.length === 0) return;
      // The same lock as an upload's: copies and uploads never both count the same free bytes.
      const lockKey = `stored_files:${organizationId}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
      const adding = copies.reduce((total, copy) => total + copy.sizeBytes, 0);
      if ((await usedBytes(tx, organizationId)) + adding > ORGANIZATION_STORAGE_QUOTA_BYTES)
        throw new AppError('STORAGE_QUOTA_EXCEEDED');
      await tx
        .insert(storedFiles)
        .values(copies.map((copy) => ({ ...copy, organizationId, createdAt: now() })));
    },

    /** Removes one object (bytes copied for a record that was then refused). */
    removeObject(key: string): Promise<void> {
      return storage.remove(key);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
