import { eq } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { organizations } from './organizations.tables.ts';

/**
 * The organisation's own files, added to another domain's file policy: every member reads its logo
 * (the sidebar shows it to learners too; staff read the Qualiopi certificate as any of their
 * organisation's files), and the orphaned files sweep keeps both.
 */
export function createOrganizationFileAccess(options: {
  database: Database;
  base: FileAccessPolicy;
}): FileAccessPolicy {
  const { database, base } = options;
  return {
    uploadOrganization: (user, courseId) => base.uploadOrganization(user, courseId),
    async canRead(user, file) {
      if (await base.canRead(user, file)) return true;
      if (file.organizationId !== user.organizationId) return false;
      const [row] = await database.withTenant(tenantOf(user), (tx) =>
        tx
          .select({ logoFileId: organizations.logoFileId })
          .from(organizations)
          .where(eq(organizations.id, file.organizationId)),
      );
      return row?.logoFileId === file.id;
    },
    async fileIdsInUse(organizationId) {
      const [used, [row]] = await Promise.all([
        base.fileIdsInUse(organizationId),
        database.jobs
          .select({ logo: organizations.logoFileId, qualiopi: organizations.qualiopiFileId })
          .from(organizations)
          .where(eq(organizations.id, organizationId)),
      ]);
      for (const id of [row?.logo, row?.qualiopi]) if (id) used.add(id);
      return used;
    },
  };
}
