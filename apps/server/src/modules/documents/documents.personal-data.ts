import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { documentRequirementReviews, documents } from './documents.tables.ts';

/** The documents about the learner that they can read (conventions, attestations, their uploads). */
export async function exportDocumentsPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const rows = await tx.select().from(documents).where(eq(documents.studentId, userId));
  const reviews = await tx
    .select({
      documentId: documentRequirementReviews.documentId,
      status: documentRequirementReviews.status,
      comment: documentRequirementReviews.comment,
      reviewedAt: documentRequirementReviews.reviewedAt,
    })
    .from(documentRequirementReviews)
    .where(eq(documentRequirementReviews.studentId, userId));
  return {
    records: { documents: rows, documentReviews: reviews },
    storedFiles: rows.map((row) => ({ id: row.fileId, folder: 'documents' })),
  };
}
