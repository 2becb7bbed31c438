import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { certificates } from './certificates.tables.ts';

/** One learner's certificates, newest first, for their record (a revoked one shows as such). */
export function listLearnerCertificates(tx: Tx, studentId: string) {
  return tx
    .select({
      id: certificates.id,
      kind: certificates.kind,
      courseTitle: certificates.courseTitle,
      revokedAt: certificates.revokedAt,
      issuedAt: certificates.issuedAt,
    })
    .from(certificates)
    .where(eq(certificates.studentId, studentId))
    .orderBy(desc(certificates.issuedAt))
    .limit(200);
}
