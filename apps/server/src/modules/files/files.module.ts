import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { fileRoutesPlugin } from './files.routes.ts';
import { createFilesService, type FileAccessPolicy } from './files.service.ts';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
import { ORPHAN_SWEEP_INTERVAL_MS, ORPHAN_SWEEP_JOB, sweepOrphanFiles } from './sweep-orphan-files.ts';

export { downloadContentSecurityPolicy } from './files.routes.ts';
export type { FileAccessPolicy, FilesService, StoredFileRow } from './files.service.ts';

/** The bucket the S3_* variables name (validated by config/env.ts), or null for the local disk. */
export function s3StorageOptionsOf(env: Env): S3StorageOptions | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    prefix: env.S3_PREFIX ?? '',
  };
}

/**
 * Uploaded files, kept under DATA_DIR/files, or in an S3-compatible bucket when `s3` names one
 * (several instances then share the files). Its routes and its orphan sweep take the access policy
 * of the domain that uses the files, which itself needs this module's service first.
 */
export function createFilesModule(deps: {
  database: Database;
  dataDir: string;
  s3?: S3StorageOptions | null;
  now: () => Date;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}) {
  const { database, now, log } = deps;
  const storage = deps.s3
    ? createS3Storage(deps.s3)
    : createLocalStorage(path.join(path.resolve(deps.dataDir), 'files'));
  const service = createFilesService({ database, storage, now });
  const routes: FastifyPluginAsync<{ access: FileAccessPolicy }> = (app, { access }) =>
    fileRoutesPlugin(app, { files: service, access });
  const jobsFor = (uses: FileAccessPolicy): ScheduledJob[] => [
    {
      name: ORPHAN_SWEEP_JOB,
      intervalMs: ORPHAN_SWEEP_INTERVAL_MS,
      async run(at) {
        const result = await sweepOrphanFiles({ database, storage, uses }, at);
        const { removedFiles, removedObjects, missingFileIds } = result;
        if (removedFiles > 0 || removedObjects > 0)
          log.info({ event: 'files.sweep', removedFiles, removedObjects }, 'orphaned files removed');
        // Bytes of a file a lesson uses are gone (a lost disk, a partial restore): an operator's matter.
        if (missingFileIds.length > 0)
          log.warn(
            { event: 'files.missing', fileIds: missingFileIds.slice(0, 100) },
            'files in use are missing from the storage',
          );
        return result;
      },
    },
  ];
  /**
   * The admins' health page: writes a small object, reads it back and removes it. Its folder is no
   * organisation's, so the orphan sweep never looks there.
   */
  async function probeStorage() {
    const key = `health-probe/${randomUUID()}`;
    const bytes = Buffer.from(key);
    await storage.write(key, Readable.from([bytes]));
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of storage.read(key)) chunks.push(Buffer.from(chunk));
      if (!Buffer.concat(chunks).equals(bytes)) throw new Error('storage probe read back other bytes');
    } finally {
      await storage.remove(key);
    }
  }
  return { service, routes, jobsFor, probeStorage };
}
