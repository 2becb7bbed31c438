import { z } from 'zod';
import { IdParamsSchema, ORGANIZATION_STAFF, type RouteContract, STUDENT_OWN_DATA } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';
import { CourseIdParamsSchema } from './quiz-access.ts';

/** SPEC 3: what a certified signature attests, a whole formation or one of its modules. */
export const SIGNATURE_TYPES = ['formation_completion', 'module_completion'] as const;
export const SignatureTypeSchema = z.enum(SIGNATURE_TYPES);
export type SignatureType = z.infer<typeof SignatureTypeSchema>;

/**
 * SPEC 4: pending, signed, expired/error. A pending request unsigned for SIGNATURE_REQUEST_DAYS
 * reads as expired (it can still be signed); a signed row whose stored content no longer matches
 * its hash reads as error (a later change is detectable).
 */
export const SIGNATURE_STATUSES = ['pending', 'signed', 'expired', 'error'] as const;
export const SignatureStatusSchema = z.enum(SIGNATURE_STATUSES);
export type SignatureStatus = z.infer<typeof SignatureStatusSchema>;

export const SIGNATURE_REQUEST_DAYS = 30;
/** A drawn signature is a small PNG: a canvas of a few hundred pixels weighs a few tens of KB. */
export const SIGNATURE_IMAGE_MAX_BYTES = 150_000;
const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
/** Base64 grows 4/3; the prefix and padding aside. */
const SIGNATURE_DATA_URL_MAX = PNG_DATA_URL_PREFIX.length + Math.ceil(SIGNATURE_IMAGE_MAX_BYTES / 3) * 4;

/** A PNG as a data URL, what signature_pad's `toDataURL()` gives. The server checks the bytes too. */
export const SignatureImageSchema = z
  .string()
  .max(SIGNATURE_DATA_URL_MAX)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { message: 'invalid format' });

/** `?module={index}` of the signature page: the module's place in the formation, from 0. */
const moduleIndex = () => z.coerce.number().int().min(0).max(999);

export const SignatureSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  signatureType: SignatureTypeSchema,
  moduleIndex: z.number().int().min(0).nullable(),
  moduleTitle: z.string().nullable(),
  status: SignatureStatusSchema,
  requestedAt: z.iso.datetime(),
  signedAt: z.iso.datetime().nullable(),
});
export type Signature = z.infer<typeof SignatureSchema>;

/** A row of the trainer's list: whose signature it is and when they were last reminded. */
export const TrainerSignatureSchema = SignatureSchema.extend({
  studentId: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  lastRemindedAt: z.iso.datetime().nullable(),
});
export type TrainerSignature = z.infer<typeof TrainerSignatureSchema>;

/** What the learner signs on `/student/formations/:courseId/signature[?module=i]`. */
export const SignaturePageSchema = z.object({
  courseId: z.uuid(),
  courseTitle: z.string(),
  signatureType: SignatureTypeSchema,
  moduleIndex: z.number().int().min(0).nullable(),
  moduleTitle: z.string().nullable(),
  /** Of the formation, or of the module. */
  progress: z.number().int().min(0).max(100),
  completedLessons: z.number().int().min(0),
  totalLessons: z.number().int().min(0),
  /** Time tracked on the formation (time-tracking), whole seconds. */
  trackedSeconds: z.number().int().min(0),
  /** Signing needs progress 100 (checked again by the server when signing). */
  canSign: z.boolean(),
  /** Null until a signature is requested or given. */
  signature: SignatureSchema.extend({
    /** The learner's own drawn signature, once signed. */
    image: z.string().nullable(),
    contentHash: z.string().nullable(),
  }).nullable(),
});
export type SignaturePage = z.infer<typeof SignaturePageSchema>;

export const SignaturePageQuerySchema = z.object({ module: moduleIndex().optional() });
export type SignaturePageQuery = z.input<typeof SignaturePageQuerySchema>;

export const SignInputSchema = z.object({
  moduleIndex: moduleIndex().nullable().default(null),
  image: SignatureImageSchema,
});
export type SignInput = z.input<typeof SignInputSchema>;

export const MySignatureListSchema = paginated(SignatureSchema);
export type MySignatureList = z.infer<typeof MySignatureListSchema>;

export const TrainerSignatureListQuerySchema = PaginationQuerySchema.extend({
  courseId: z.uuid().optional(),
  type: SignatureTypeSchema.optional(),
  /** 'error' is a verification result, not a stored state, so it is not a filter. */
  status: z.enum(['pending', 'signed', 'expired']).optional(),
  search: SearchQuerySchema,
});
export type TrainerSignatureListQuery = z.input<typeof TrainerSignatureListQuerySchema>;
export const TrainerSignatureListSchema = paginated(TrainerSignatureSchema);
export type TrainerSignatureList = z.infer<typeof TrainerSignatureListSchema>;

/** A learner may be reminded of one signature once a day. */
export const SIGNATURE_REMINDER_INTERVAL_HOURS = 24;
export const SignatureReminderSchema = z.object({ lastRemindedAt: z.iso.datetime() });

export const signatureRoutes = {
  /** The formation (or `?module=i`) as the learner signs it: completion, tracked time, state. */
  getPage: {
    method: 'GET',
    path: '/api/signatures/courses/:courseId',
    access: STUDENT_OWN_DATA,
    params: CourseIdParamsSchema,
    query: SignaturePageQuerySchema,
    response: SignaturePageSchema,
  },
  /** Refused until the formation or module is complete (409 SIGNATURE_INCOMPLETE); once only. */
  sign: {
    method: 'POST',
    path: '/api/signatures/courses/:courseId',
    access: STUDENT_OWN_DATA,
    params: CourseIdParamsSchema,
    body: SignInputSchema,
    response: SignaturePageSchema,
  },
  /** The learner's signature history, newest first. */
  listMine: {
    method: 'GET',
    path: '/api/signatures',
    access: STUDENT_OWN_DATA,
    query: PaginationQuerySchema,
    response: MySignatureListSchema,
  },
  /** The organisation's signatures; completed formations get their pending request first. */
  listForTrainer: {
    method: 'GET',
    path: '/api/trainer/signatures',
    access: ORGANIZATION_STAFF,
    query: TrainerSignatureListQuerySchema,
    response: TrainerSignatureListSchema,
  },
  /** Emails missing-signature to the learner; once a day per signature (429 otherwise). */
  remind: {
    method: 'POST',
    path: '/api/trainer/signatures/:id/remind',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: SignatureReminderSchema,
  },
} as const satisfies Record<string, RouteContract>;
