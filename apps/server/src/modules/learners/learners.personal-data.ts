import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { learnerRecords } from './learners.tables.ts';

export async function exportLearnersPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const rows = await tx.select().from(learnerRecords).where(eq(learnerRecords.studentId, userId));
  // The number is stored encrypted (learner-secrets.ts); the export says one is on file, the
  // organisation shows it on request.
  const records = rows.map(({ socialSecurityNumber, ...row }) => ({
    ...row,
    hasSocialSecurityNumber: socialSecurityNumber !== null,
  }));
  return { records: { learnerRecord: records } };
}

/**
 * Clears what identifies an erased learner (contact, address, birth, social security number). The
 * professional status and employer stay with the kept evidence: funders' files name the employer.
 */
export async function eraseLearnerRecord(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(learnerRecords)
    .set({
      phone: null,
      address: null,
      city: null,
      postalCode: null,
      country: null,
      birthDate: null,
      birthPlace: null,
      socialSecurityNumber: null,
      updatedAt: new Date(),
    })
    .where(eq(learnerRecords.studentId, userId));
}
