import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { certifiedSignatures } from './signatures.tables.ts';

/** Certified signatures of formations and modules, with their drawn images. */
export async function exportSignaturesPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const rows = await tx.select().from(certifiedSignatures).where(eq(certifiedSignatures.userId, userId));
  return {
    records: {
      certifiedSignatures: rows.map(({ signatureImage, ...row }) => ({
        ...row,
        signatureImage: signatureImage ? `images/signature-${row.id}.png` : null,
      })),
    },
    images: rows.flatMap((row) =>
      row.signatureImage ? [{ name: `signature-${row.id}`, base64Png: row.signatureImage }] : [],
    ),
  };
}
