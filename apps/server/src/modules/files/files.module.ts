import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { fileRoutesPlugin } from './files.routes.ts';
import { createFilesService, type FileAccessPolicy } from './files.service.ts';

export type { FileAccessPolicy, FilesService, StoredFileRow } from './files.service.ts';

/**
 * Uploaded files, kept under DATA_DIR/files. Its routes are registered with the access policy of
 * the domain that uses the files, which itself needs this module's service first.
 */
export function createFilesModule(deps: { database: Database; dataDir: string }) {
  const service = createFilesService({
    database: deps.database,
    storage: createLocalStorage(path.join(path.resolve(deps.dataDir), 'files')),
  });
  const routes: FastifyPluginAsync<{ access: FileAccessPolicy }> = (app, { access }) =>
    fileRoutesPlugin(app, { files: service, access });
  return { service, routes };
}
