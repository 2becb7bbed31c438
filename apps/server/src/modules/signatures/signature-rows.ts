import {
  type SessionUser,
  SIGNATURE_REQUEST_DAYS,
  type Signature,
  type SignatureStatus,
  type SignatureType,
} from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { contentHashOf } from './signature-content.ts';
import { certifiedSignatures } from './signatures.tables.ts';

type SignatureRow = typeof certifiedSignatures.$inferSelect;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The learner's page each reminder leads to (the web's paths table `formationSignature`). */
export function signaturePath(courseId: string, moduleIndex: number | null): string {
  const path = `/student/formations/${encodeURIComponent(courseId)}/signature`;
  return moduleIndex === null ? path : `${path}?module=${moduleIndex}`;
}

// Titles and names live in other domains' tables; these subqueries read them in the same
// statement as the list, under the same tenant policies.
const courseTitle = sql<string>`coalesce((select c.title from courses c where c.id = certified_signatures.formation_id), '')`;
const moduleTitle = sql<
  string | null
>`(select m.title from course_modules m where m.id = certified_signatures.module_id)`;
export const studentName = sql<string>`coalesce((select p.full_name from profiles p where p.id = certified_signatures.user_id), '')`;
export const studentEmail = sql<string>`coalesce((select p.email from profiles p where p.id = certified_signatures.user_id), '')`;

/** The list columns: everything but the drawn image. */
export const listColumns = {
  id: certifiedSignatures.id,
  organizationId: certifiedSignatures.organizationId,
  userId: certifiedSignatures.userId,
  formationId: certifiedSignatures.formationId,
  signatureType: certifiedSignatures.signatureType,
  signatureStatus: certifiedSignatures.signatureStatus,
  moduleId: certifiedSignatures.moduleId,
  moduleIndex: certifiedSignatures.moduleIndex,
  progress: certifiedSignatures.progress,
  trackedSeconds: certifiedSignatures.trackedSeconds,
  signatureHash: certifiedSignatures.signatureHash,
  contentHash: certifiedSignatures.contentHash,
  ipAddress: certifiedSignatures.ipAddress,
  userAgent: certifiedSignatures.userAgent,
  signedAt: certifiedSignatures.signedAt,
  lastRemindedAt: certifiedSignatures.lastRemindedAt,
  createdAt: certifiedSignatures.createdAt,
  courseTitle,
  moduleTitle,
};
type ListRow = Omit<SignatureRow, 'signatureImage'> & {
  courseTitle: string;
  moduleTitle: string | null;
};

/** SPEC 4 states as read: a stale request is expired, a signed row that fails its hash an error. */
function statusOf(row: Omit<SignatureRow, 'signatureImage'>, at: Date): SignatureStatus {
  if (row.signatureStatus === 'signed') return row.contentHash === contentHashOf(row) ? 'signed' : 'error';
  if (
    row.signatureStatus === 'pending' &&
    at.getTime() - row.createdAt.getTime() > SIGNATURE_REQUEST_DAYS * DAY_MS
  )
    return 'expired';
  return row.signatureStatus as SignatureStatus;
}

export function toSignature(row: ListRow, at: Date): Signature {
  return {
    id: row.id,
    courseId: row.formationId,
    courseTitle: row.courseTitle,
    signatureType: row.signatureType as SignatureType,
    moduleIndex: row.moduleIndex,
    moduleTitle: row.moduleTitle,
    status: statusOf(row, at),
    requestedAt: row.createdAt.toISOString(),
    signedAt: row.signedAt?.toISOString() ?? null,
  };
}

export function organizationOf(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}
