import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { improvementActions } from './registers.tables.ts';

/**
 * Improvement actions' closure evidence, added to another domain's file policy: staff read their
 * organisation's files as always (a platform action's file is in its uploading admin's
 * organisation), and the orphan sweep keeps every file an action names.
 */
export function createRegisterFileAccess(options: {
  database: Database;
  base: FileAccessPolicy;
}): FileAccessPolicy {
  const { database, base } = options;
  return {
    uploadOrganization: (user, courseId) => base.uploadOrganization(user, courseId),
    canRead: (user, file) => base.canRead(user, file),
    async fileIdsInUse(organizationId) {
      const [used, evidence] = await Promise.all([
        base.fileIdsInUse(organizationId),
        // By the file's organisation, not the action's: a platform action has none.
        database.jobs
          .select({ id: improvementActions.closureFileId })
          .from(improvementActions)
          .where(
            inArray(
              improvementActions.closureFileId,
              sql`(select id from stored_files where organization_id = ${organizationId})`,
            ),
          ),
      ]);
      for (const row of evidence) if (row.id) used.add(row.id);
      return used;
    },
  };
}
