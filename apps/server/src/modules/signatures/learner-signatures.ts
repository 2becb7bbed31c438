import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { certifiedSignatures } from './signatures.tables.ts';

/** One learner's signed certified signatures, newest first, for their record. */
export function listLearnerSignatures(tx: Tx, studentId: string) {
  return tx
    .select({
      id: certifiedSignatures.id,
      courseId: certifiedSignatures.formationId,
      signatureType: certifiedSignatures.signatureType,
      moduleIndex: certifiedSignatures.moduleIndex,
      signedAt: certifiedSignatures.signedAt,
    })
    .from(certifiedSignatures)
    .where(
      and(
        eq(certifiedSignatures.userId, studentId),
        eq(certifiedSignatures.signatureStatus, 'signed'),
        isNotNull(certifiedSignatures.signedAt),
      ),
    )
    .orderBy(desc(certifiedSignatures.signedAt))
    .limit(200);
}
