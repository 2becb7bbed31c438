import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { certificates } from './certificates.tables.ts';

/** Certificates as issued, with their PDFs. */
export async function exportCertificatesPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const rows = await tx.select().from(certificates).where(eq(certificates.studentId, userId));
  return {
    records: { certificates: rows },
    storedFiles: rows.map((row) => ({ id: row.fileId, folder: 'certificates' })),
  };
}

/**
 * The certificate stays, as evidence for funders and auditors, under the pseudonym; its issued PDF is
 * kept unchanged until the purge (an anonymous attestation would prove nothing).
 */
export async function pseudonymiseCertificates(tx: Tx, userId: string, label: string): Promise<void> {
  await tx.update(certificates).set({ studentName: label }).where(eq(certificates.studentId, userId));
}

/**
 * At the end of the retention period, as cursus_jobs: removes the erased learners' certificates. Their
 * PDFs, used by nothing any more, go with the files module's orphan sweep.
 */
export async function purgeCertificates(tx: Tx, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.delete(certificates).where(inArray(certificates.studentId, userIds));
}
