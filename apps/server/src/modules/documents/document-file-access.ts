import { eq } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { documents, documentVersions } from './documents.tables.ts';

/**
 * Documents' files, added to another domain's file policy: a learner reads the current file of a
 * document shared with them (row-level security on `documents` decides which, migration 0027),
 * staff their organisation's files as always, and the orphan sweep keeps every version's file.
 */
export function createDocumentFileAccess(options: {
  database: Database;
  base: FileAccessPolicy;
}): FileAccessPolicy {
  const { database, base } = options;
  return {
    uploadOrganization: (user, courseId) => base.uploadOrganization(user, courseId),
    async canRead(user, file) {
      if (await base.canRead(user, file)) return true;
      const [row] = await database.withTenant(tenantOf(user), (tx) =>
        tx.select({ id: documents.id }).from(documents).where(eq(documents.fileId, file.id)).limit(1),
      );
      return Boolean(row);
    },
    async fileIdsInUse(organizationId) {
      const [used, versions] = await Promise.all([
        base.fileIdsInUse(organizationId),
        database.jobs
          .select({ id: documentVersions.fileId })
          .from(documentVersions)
          .where(eq(documentVersions.organizationId, organizationId)),
      ]);
      for (const row of versions) used.add(row.id);
      return used;
    },
  };
}
