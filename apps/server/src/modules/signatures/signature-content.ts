import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
/** A blank canvas still makes a PNG of some bytes; less than this cannot hold a drawn stroke. */
const MIN_PNG_BYTES = 67;

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** The drawn signature's bytes, checked to be a PNG (the contract only checked the text's shape). */
export function readSignaturePng(dataUrl: string): { base64: string; hash: string } {
  const base64 = dataUrl.slice(PNG_DATA_URL_PREFIX.length);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < MIN_PNG_BYTES || !bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
    throw new AppError('SIGNATURE_INVALID');
  return { base64, hash: sha256(bytes) };
}

/** Whether the stored image is still the one whose hash was signed. */
export const imageMatches = (base64: string, hash: string | null) =>
  sha256(Buffer.from(base64, 'base64')) === hash;

export const toPngDataUrl = (base64: string) => `${PNG_DATA_URL_PREFIX}${base64}`;

/** Everything a certified signature attests. */
export interface SignedContent {
  organizationId: string;
  userId: string;
  formationId: string;
  signatureType: string;
  moduleId: string | null;
  moduleIndex: number | null;
  progress: number | null;
  trackedSeconds: number | null;
  signatureHash: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  signedAt: Date | null;
}

/**
 * The hash stored with a signature, over what was signed in a fixed order: recomputed on every
 * read, so a row changed after signing (by anyone, even in the database) reads as 'error'.
 */
export function contentHashOf(content: SignedContent): string {
  return sha256(
    JSON.stringify([
      content.organizationId,
      content.userId,
      content.formationId,
      content.signatureType,
      content.moduleId,
      content.moduleIndex,
      content.progress,
      content.trackedSeconds,
      content.signatureHash,
      content.ipAddress,
      content.userAgent,
      content.signedAt?.toISOString() ?? null,
    ]),
  );
}
