import { and, eq } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { certificates } from './certificates.tables.ts';

/**
 * Certificates' PDFs, added to another domain's file policy: a learner reads the PDF of their own
 * certificates (staff their organisation's, as for every file), and the orphan sweep keeps every
 * PDF a certificate names, revoked ones included (they stay listed).
 */
export function createCertificateFileAccess(options: {
  database: Database;
  base: FileAccessPolicy;
}): FileAccessPolicy {
  const { database, base } = options;
  return {
    uploadOrganization: (user, courseId) => base.uploadOrganization(user, courseId),
    async canRead(user, file) {
      if (await base.canRead(user, file)) return true;
      const [row] = await database.withTenant(tenantOf(user), (tx) =>
        tx
          .select({ id: certificates.id })
          .from(certificates)
          .where(and(eq(certificates.fileId, file.id), eq(certificates.studentId, user.id)))
          .limit(1),
      );
      return Boolean(row);
    },
    async fileIdsInUse(organizationId) {
      const [used, issued] = await Promise.all([
        base.fileIdsInUse(organizationId),
        database.jobs
          .select({ id: certificates.fileId })
          .from(certificates)
          .where(eq(certificates.organizationId, organizationId)),
      ]);
      for (const row of issued) used.add(row.id);
      return used;
    },
  };
}
