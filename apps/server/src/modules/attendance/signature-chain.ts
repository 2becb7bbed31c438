import { createHash } from 'node:crypto';

/** What a signature's hash covers: who signed what, when, how and from where, and the previous link. */
export interface SignedContent {
  sessionId: string;
  slotId: string;
  signerId: string;
  signerRole: string;
  imageHash: string;
  signedAt: Date;
  method: string;
  ipAddress: string;
  userAgent: string;
  previousHash: string | null;
}

/** SHA-256 of the content in a fixed order (a JSON array: no field can run into the next). */
export function hashSignature(content: SignedContent): string {
  const canonical = JSON.stringify([
    'cursus-attendance-v1',
    content.sessionId,
    content.slotId,
    content.signerId,
    content.signerRole,
    content.imageHash,
    content.signedAt.toISOString(),
    content.method,
    content.ipAddress,
    content.userAgent,
    content.previousHash ?? '',
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export type ChainRow = SignedContent & { sequence: number; image: string; hash: string };

/**
 * Walks a sheet's signatures in sequence: each image must still hash to its recorded image hash,
 * each row to its hash, and each row must name the hash before it. The first row that fails is
 * where someone changed the sheet.
 */
export function verifyChain(rows: ChainRow[]): {
  isValid: boolean;
  signatureCount: number;
  brokenAt: number | null;
} {
  const ordered = [...rows].sort((left, right) => left.sequence - right.sequence);
  let previous: string | null = null;
  for (const [index, row] of ordered.entries()) {
    const image = Buffer.from(row.image.slice(row.image.indexOf(',') + 1), 'base64');
    const isIntact =
      row.sequence === index + 1 &&
      row.previousHash === previous &&
      createHash('sha256').update(image).digest('hex') === row.imageHash &&
      hashSignature(row) === row.hash;
    if (!isIntact) return { isValid: false, signatureCount: ordered.length, brokenAt: row.sequence };
    previous = row.hash;
  }
  return { isValid: true, signatureCount: ordered.length, brokenAt: null };
}
