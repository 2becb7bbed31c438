import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { fileRoutesPlugin } from './files.routes.ts';
import { createFilesService, type FileAccessPolicy } from './files.service.ts';
import { ORPHAN_SWEEP_INTERVAL_MS, ORPHAN_SWEEP_JOB, sweepOrphanFiles } from './sweep-orphan-files.ts';

export type { FileAccessPolicy, FilesService, StoredFileRow } from './files.service.ts';

/**
 * Uploaded files, kept under DATA_DIR/files. Its routes and its orphan sweep take the access policy
 * of the domain that uses the files, which itself needs this module's service first.
 */
export function createFilesModule(deps: {
  database: Database;
  dataDir: string;
  now: () => Date;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}) {
  const { database, now, log } = deps;
  const storage = createLocalStorage(path.join(path.resolve(deps.dataDir), 'files'));
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
  return { service, routes, jobsFor };
}
