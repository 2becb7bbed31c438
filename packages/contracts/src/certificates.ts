import { z } from 'zod';
import { IdParamsSchema, ORGANIZATION_STAFF, type RouteContract, STUDENT_OWN_DATA } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/**
 * The two documents issued at the end of a formation (issue 15 point 4): the certificat de
 * réalisation on the ministry model (Article L.6353-1 du Code du travail) and the attestation de fin
 * de formation, which needs the formation completed.
 */
export const CERTIFICATE_KINDS = ['realisation', 'completion'] as const;
export const CertificateKindSchema = z.enum(CERTIFICATE_KINDS);
export type CertificateKind = z.infer<typeof CertificateKindSchema>;

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export const CertificateStatusSchema = z.enum(CERTIFICATE_STATUSES);
export type CertificateStatus = z.infer<typeof CertificateStatusSchema>;

/** Verification codes: 16 characters of Crockford's base 32 (80 random bits), upper case. */
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{16}$/;
export const CertificateCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CERTIFICATE_CODE_PATTERN, { message: 'invalid code' });

/** The public page that tells whether a certificate is genuine; the QR code of each PDF opens it. */
export function certificateVerifyPath(code: string): string {
  return `/certificates/verify/${code}`;
}

export const CertificateSchema = z.object({
  id: z.uuid(),
  kind: CertificateKindSchema,
  status: CertificateStatusSchema,
  code: z.string(),
  courseId: z.uuid().nullable(),
  courseTitle: z.string(),
  studentId: z.string().nullable(),
  studentName: z.string(),
  /** Hours realised, in seconds: tracked learning time plus attended group-session half-days. */
  trackedSeconds: z.number().int().min(0),
  firstActivityAt: z.iso.datetime().nullable(),
  lastActivityAt: z.iso.datetime().nullable(),
  /** The PDF, read through the files module (`/api/files/:id`). */
  fileUrl: z.string(),
  issuedAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const CertificateListQuerySchema = PaginationQuerySchema.extend({
  courseId: z.uuid().optional(),
  kind: CertificateKindSchema.optional(),
  status: CertificateStatusSchema.optional(),
  /** The learner's name. */
  search: SearchQuerySchema,
});
export type CertificateListQuery = z.input<typeof CertificateListQuerySchema>;
export const CertificateListSchema = paginated(CertificateSchema);
export type CertificateList = z.infer<typeof CertificateListSchema>;

export const CertificateCandidatesQuerySchema = z.object({ courseId: z.uuid() });

/** A learner of the formation, with what a certificate would say and the ones already issued. */
export const CertificateCandidateSchema = z.object({
  studentId: z.string(),
  studentName: z.string(),
  progress: z.number().int().min(0).max(100),
  completed: z.boolean(),
  trackedSeconds: z.number().int().min(0),
  /** The valid certificate of each kind, if any. */
  issued: z.object({ realisation: z.uuid().nullable(), completion: z.uuid().nullable() }),
});
export type CertificateCandidate = z.infer<typeof CertificateCandidateSchema>;
export const CertificateCandidatesSchema = z.object({
  courseId: z.uuid(),
  courseTitle: z.string(),
  items: z.array(CertificateCandidateSchema),
});
export type CertificateCandidates = z.infer<typeof CertificateCandidatesSchema>;

export const IssueCertificateInputSchema = z.object({
  courseId: z.uuid(),
  studentId: z.string().trim().min(1).max(100),
  kind: CertificateKindSchema,
});
export type IssueCertificateInput = z.input<typeof IssueCertificateInputSchema>;

export const CertificateListMineSchema = z.object({ items: z.array(CertificateSchema) });
export type CertificateListMine = z.infer<typeof CertificateListMineSchema>;

export const VerifyCertificateParamsSchema = z.object({ code: CertificateCodeSchema });

/** What the public page shows: whether the code names a genuine, unrevoked certificate, and its facts. */
export const CertificateVerificationSchema = z.discriminatedUnion('genuine', [
  z.object({
    genuine: z.literal(true),
    kind: CertificateKindSchema,
    studentName: z.string(),
    courseTitle: z.string(),
    organizationName: z.string(),
    trackedSeconds: z.number().int().min(0),
    issuedAt: z.iso.datetime(),
  }),
  z.object({ genuine: z.literal(false), reason: z.enum(['unknown', 'revoked']) }),
]);
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

/** Public verification reads per IP and hour: enough for an auditor, too few to guess codes. */
export const CERTIFICATE_VERIFY_LIMIT = { max: 60, windowMs: 60 * 60 * 1000 } as const;

export const certificateRoutes = {
  list: {
    method: 'GET',
    path: '/api/trainer/certificates',
    access: ORGANIZATION_STAFF,
    query: CertificateListQuerySchema,
    response: CertificateListSchema,
  },
  /** The formation's enrolled learners: bulk generation takes those who completed it. */
  candidates: {
    method: 'GET',
    path: '/api/trainer/certificates/candidates',
    access: ORGANIZATION_STAFF,
    query: CertificateCandidatesQuerySchema,
    response: CertificateCandidatesSchema,
  },
  /**
   * Generates and stores one PDF. 409 CERTIFICATE_ALREADY_ISSUED when a valid one of that kind
   * exists; 409 COURSE_NOT_COMPLETED for an attestation before completion.
   */
  issue: {
    method: 'POST',
    path: '/api/trainer/certificates',
    access: ORGANIZATION_STAFF,
    body: IssueCertificateInputSchema,
    response: CertificateSchema,
  },
  /** The certificate stays listed, and its verification page says it is no longer valid. */
  revoke: {
    method: 'POST',
    path: '/api/trainer/certificates/:id/revoke',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: CertificateSchema,
  },
  listMine: {
    method: 'GET',
    path: '/api/certificates',
    access: STUDENT_OWN_DATA,
    response: CertificateListMineSchema,
  },
  /** Anyone, rate limited per IP (429 RATE_LIMITED). */
  verify: {
    method: 'GET',
    path: '/api/certificates/verify/:code',
    access: 'public',
    params: VerifyCertificateParamsSchema,
    response: CertificateVerificationSchema,
  },
} as const satisfies Record<string, RouteContract>;
