import { z } from 'zod';
import {
  hasNoNul,
  IdParamsSchema,
  NO_NUL,
  ORGANIZATION_STAFF,
  type RouteAccess,
  type RouteContract,
  STUDENT_OWN_DATA,
  text,
} from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/**
 * What a document is (issue 16 point 4): the organisation's règlement intérieur, programmes,
 * conditions générales de vente, templates, and a learner's convocation or convention.
 */
export const DOCUMENT_CATEGORIES = [
  'internal_rules',
  'programme',
  'terms',
  'template',
  'convocation',
  'convention',
  'other',
] as const;
export const DocumentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export type DocumentCategory = z.infer<typeof DocumentCategorySchema>;

/**
 * Who reads a document besides staff: nobody else (`staff`), every learner of the organisation
 * (`organization`), the learners enrolled in one formation (`course`), or one learner (`learner`).
 */
export const DOCUMENT_VISIBILITIES = ['staff', 'organization', 'course', 'learner'] as const;
export const DocumentVisibilitySchema = z.enum(DOCUMENT_VISIBILITIES);
export type DocumentVisibility = z.infer<typeof DocumentVisibilitySchema>;

export const DOCUMENT_TITLE_MAX = 200;

export const DocumentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  category: DocumentCategorySchema,
  visibility: DocumentVisibilitySchema,
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  /** 1 for the first upload, one more for each replacement. */
  version: z.number().int().min(1),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().min(0),
  /** The current version's bytes, read through the files module (`/api/files/:id`). */
  fileUrl: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Document = z.infer<typeof DocumentSchema>;

/** A document's metadata: a formation for `course`, a learner for `learner` (and optionally a formation). */
const DocumentMetadataSchema = z.object({
  title: text(DOCUMENT_TITLE_MAX),
  category: DocumentCategorySchema,
  visibility: DocumentVisibilitySchema,
  courseId: z.uuid().nullable().default(null),
  studentId: z.string().trim().min(1).max(100).nullable().default(null),
});

function requireAudience(
  value: { visibility: DocumentVisibility; courseId: string | null; studentId: string | null },
  context: z.RefinementCtx,
) {
  if (value.visibility === 'course' && !value.courseId)
    context.addIssue({ code: 'custom', path: ['courseId'], message: 'required' });
  if (value.visibility === 'learner' && !value.studentId)
    context.addIssue({ code: 'custom', path: ['studentId'], message: 'required' });
}

export const UpdateDocumentInputSchema = DocumentMetadataSchema.superRefine(requireAudience);
export type UpdateDocumentInput = z.input<typeof UpdateDocumentInputSchema>;

/** `fileId`: a file uploaded first through `POST /api/files?purpose=record`. */
export const CreateDocumentInputSchema = DocumentMetadataSchema.extend({ fileId: z.uuid() }).superRefine(
  requireAudience,
);
export type CreateDocumentInput = z.input<typeof CreateDocumentInputSchema>;

export const ReplaceDocumentInputSchema = z.object({ fileId: z.uuid() });
export type ReplaceDocumentInput = z.infer<typeof ReplaceDocumentInputSchema>;

export const DocumentListQuerySchema = PaginationQuerySchema.extend({
  category: DocumentCategorySchema.optional(),
  courseId: z.uuid().optional(),
  /** The title or the file's name. */
  search: SearchQuerySchema,
});
export type DocumentListQuery = z.input<typeof DocumentListQuerySchema>;
export const DocumentListSchema = paginated(DocumentSchema);
export type DocumentList = z.infer<typeof DocumentListSchema>;

export const DocumentVersionSchema = z.object({
  version: z.number().int().min(1),
  fileName: z.string(),
  sizeBytes: z.number().int().min(0),
  fileUrl: z.string(),
  uploadedByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type DocumentVersion = z.infer<typeof DocumentVersionSchema>;
export const DocumentVersionsSchema = z.object({ items: z.array(DocumentVersionSchema) });

/** One enrolment of the learner and its papers: the generated convocation, those uploaded for it. */
export const EnrolmentDocumentsSchema = z.object({
  courseId: z.uuid(),
  courseTitle: z.string(),
  enrolledAt: z.iso.datetime(),
  /** The convocation, generated as a PDF from the formation, its sessions and the organisation. */
  convocationUrl: z.string(),
  /** Uploaded by staff for this learner and formation (a signed convention, a convocation of their own). */
  documents: z.array(DocumentSchema),
});
export type EnrolmentDocuments = z.infer<typeof EnrolmentDocumentsSchema>;

/** A group session the learner was expected at, with its attendance sheet. */
export const AttendanceSheetLinkSchema = z.object({
  sessionId: z.uuid(),
  sessionTitle: z.string(),
  startsAt: z.iso.datetime(),
  /** A learner reads their own lines of the sheet; staff the whole sheet. */
  sheetUrl: z.string(),
});
export type AttendanceSheetLink = z.infer<typeof AttendanceSheetLinkSchema>;

/** Everything one learner's documents page shows but their certificates (the certificates module's). */
export const LearnerDocumentsSchema = z.object({
  /** Organisation documents shared with the learner (everyone's, or their formations'). */
  shared: z.array(DocumentSchema),
  enrolments: z.array(EnrolmentDocumentsSchema),
  /** Uploaded for the learner with no formation named. */
  personal: z.array(DocumentSchema),
  attendance: z.array(AttendanceSheetLinkSchema),
});
export type LearnerDocuments = z.infer<typeof LearnerDocumentsSchema>;

export const LearnerDocumentsParamsSchema = z.object({ studentId: z.string().trim().min(1).max(100) });
export const LearnerConvocationParamsSchema = LearnerDocumentsParamsSchema.extend({ courseId: z.uuid() });
export const ConvocationParamsSchema = z.object({ courseId: z.uuid() });
export const AttendanceExtractParamsSchema = z.object({ sessionId: z.uuid() });

export function convocationPath(courseId: string): string {
  return `/api/student/documents/convocations/${courseId}`;
}
export function learnerConvocationPath(studentId: string, courseId: string): string {
  return `/api/trainer/documents/learners/${encodeURIComponent(studentId)}/convocations/${courseId}`;
}
export function attendanceExtractPath(sessionId: string): string {
  return `/api/student/documents/attendance/${sessionId}`;
}

export const documentRoutes = {
  /** The organisation's documents (those made for one learner are on that learner's record). */
  list: {
    method: 'GET',
    path: '/api/trainer/documents',
    access: ORGANIZATION_STAFF,
    query: DocumentListQuerySchema,
    response: DocumentListSchema,
  },
  /**
   * Records a file uploaded for the organisation as a document. 404 NOT_FOUND for a file that is
   * not the organisation's, 409 ALREADY_EXISTS for one another document holds, 415
   * UNSUPPORTED_FORMAT for a file uploaded for another purpose; 404 TRAINING_NOT_FOUND and
   * USER_NOT_FOUND for a formation or learner outside the organisation.
   */
  create: {
    method: 'POST',
    path: '/api/trainer/documents',
    access: ORGANIZATION_STAFF,
    body: CreateDocumentInputSchema,
    response: DocumentSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/trainer/documents/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: UpdateDocumentInputSchema,
    response: DocumentSchema,
  },
  /** A new version: readers get it from now on; the earlier ones stay listed for staff. */
  replace: {
    method: 'POST',
    path: '/api/trainer/documents/:id/versions',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: ReplaceDocumentInputSchema,
    response: DocumentSchema,
  },
  versions: {
    method: 'GET',
    path: '/api/trainer/documents/:id/versions',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: DocumentVersionsSchema,
  },
  /** Its files go with the orphaned files sweep. */
  remove: {
    method: 'DELETE',
    path: '/api/trainer/documents/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  },
  /** One learner's documents as staff see them on the learner's record. */
  learner: {
    method: 'GET',
    path: '/api/trainer/documents/learners/:studentId',
    access: ORGANIZATION_STAFF,
    params: LearnerDocumentsParamsSchema,
    response: LearnerDocumentsSchema,
  },
  mine: {
    method: 'GET',
    path: '/api/student/documents',
    access: STUDENT_OWN_DATA,
    response: LearnerDocumentsSchema,
  },
} as const satisfies Record<string, RouteContract>;

/** The generated PDFs: answered as application/pdf, so they have no JSON response schema. */
export const documentPdfRoutes = {
  learnerConvocation: {
    method: 'GET',
    path: '/api/trainer/documents/learners/:studentId/convocations/:courseId',
    access: ORGANIZATION_STAFF,
    params: LearnerConvocationParamsSchema,
  },
  myConvocation: {
    method: 'GET',
    path: '/api/student/documents/convocations/:courseId',
    access: STUDENT_OWN_DATA,
    params: ConvocationParamsSchema,
  },
  myAttendance: {
    method: 'GET',
    path: '/api/student/documents/attendance/:sessionId',
    access: STUDENT_OWN_DATA,
    params: AttendanceExtractParamsSchema,
  },
} as const;

/**
 * Document requirements (issue 17 point 3): papers the platform expects of an organisation (its
 * règlement intérieur, its terms of sale, its insurance certificate) or of each of its learners (an
 * identity document, the signed convention), defined by the platform's admins. Each is checked
 * against the documents already uploaded: the newest document of its category (and, when the
 * requirement names one, with that word in its title) is the one an admin reviews.
 */
export const REQUIREMENT_AUDIENCES = ['organization', 'learner'] as const;
export const RequirementAudienceSchema = z.enum(REQUIREMENT_AUDIENCES);
export type RequirementAudience = z.infer<typeof RequirementAudienceSchema>;

/**
 * The Qualiopi action categories an organisation declares (`organizations.action_categories`,
 * migration 0033): a requirement may apply only to organisations of some of them.
 */
export const REQUIREMENT_ACTION_CATEGORIES = [
  'training',
  'skills_assessment',
  'vae',
  'apprenticeship',
] as const;
export const RequirementActionCategorySchema = z.enum(REQUIREMENT_ACTION_CATEGORIES);
export type RequirementActionCategory = z.infer<typeof RequirementActionCategorySchema>;

/**
 * `missing`: no matching document; `to_review`: one is there and no admin has reviewed its current
 * version; `valid` or `refused`: an admin's review of that version (a new version is reviewed again).
 */
export const REQUIREMENT_STATES = ['missing', 'to_review', 'valid', 'refused'] as const;
export const RequirementStateSchema = z.enum(REQUIREMENT_STATES);
export type RequirementState = z.infer<typeof RequirementStateSchema>;
export const REQUIREMENT_REVIEW_STATUSES = ['valid', 'refused'] as const;
export const RequirementReviewStatusSchema = z.enum(REQUIREMENT_REVIEW_STATUSES);
export type RequirementReviewStatus = z.infer<typeof RequirementReviewStatusSchema>;

export const REQUIREMENT_NAME_MAX = 200;
export const REQUIREMENT_DESCRIPTION_MAX = 2000;
export const REQUIREMENT_COMMENT_MAX = 1000;

export const DocumentRequirementSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  audience: RequirementAudienceSchema,
  /** Empty: every organisation, whatever its categories. */
  actionCategories: z.array(RequirementActionCategorySchema),
  /** Only organisations preparing for a certification (`organizations.certifying`). */
  certifyingOnly: z.boolean(),
  /** Optional requirements are shown, but a missing one is no gap. */
  required: z.boolean(),
  /** Which documents answer it: their category, and a word their title holds when one is named. */
  documentCategory: DocumentCategorySchema,
  titleKeyword: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DocumentRequirement = z.infer<typeof DocumentRequirementSchema>;
export const DocumentRequirementListSchema = z.object({ items: z.array(DocumentRequirementSchema) });
export type DocumentRequirementList = z.infer<typeof DocumentRequirementListSchema>;

export const DocumentRequirementInputSchema = z.object({
  name: text(REQUIREMENT_NAME_MAX),
  description: z.string().trim().max(REQUIREMENT_DESCRIPTION_MAX).refine(hasNoNul, NO_NUL).default(''),
  audience: RequirementAudienceSchema,
  actionCategories: z
    .array(RequirementActionCategorySchema)
    .max(REQUIREMENT_ACTION_CATEGORIES.length)
    .transform((values) => [...new Set(values)])
    .default([]),
  certifyingOnly: z.boolean().default(false),
  required: z.boolean().default(true),
  documentCategory: DocumentCategorySchema,
  titleKeyword: z
    .string()
    .trim()
    .max(100)
    .refine(hasNoNul, NO_NUL)
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null),
});
export type DocumentRequirementInput = z.input<typeof DocumentRequirementInputSchema>;

/** One requirement's state for one organisation or learner, with the document found and its review. */
export const RequirementCheckSchema = z.object({
  requirementId: z.uuid(),
  name: z.string(),
  description: z.string(),
  required: z.boolean(),
  state: RequirementStateSchema,
  document: z
    .object({
      id: z.uuid(),
      title: z.string(),
      version: z.number().int().min(1),
      fileUrl: z.string(),
      updatedAt: z.iso.datetime(),
    })
    .nullable(),
  /** The review of the document's current version; null until an admin reviews it. */
  review: z
    .object({
      status: RequirementReviewStatusSchema,
      comment: z.string(),
      reviewerName: z.string().nullable(),
      reviewedAt: z.iso.datetime(),
    })
    .nullable(),
});
export type RequirementCheck = z.infer<typeof RequirementCheckSchema>;

export const RequirementCountsSchema = z.object({
  missing: z.number().int().min(0),
  to_review: z.number().int().min(0),
  valid: z.number().int().min(0),
  refused: z.number().int().min(0),
});
export type RequirementCounts = z.infer<typeof RequirementCountsSchema>;

export const RequirementOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  actionCategories: z.array(RequirementActionCategorySchema),
  certifying: z.boolean(),
});

/** The admin's overview: each organisation with its checks counted (its own and its learners'). */
export const RequirementOverviewQuerySchema = PaginationQuerySchema.extend({ search: SearchQuerySchema });
export type RequirementOverviewQuery = z.input<typeof RequirementOverviewQuerySchema>;
export const RequirementOverviewSchema = paginated(
  z.object({ organization: RequirementOrganizationSchema, counts: RequirementCountsSchema }),
);
export type RequirementOverview = z.infer<typeof RequirementOverviewSchema>;

/** One organisation's checks: its own requirements, then a page of its learners with theirs. */
export const OrganizationChecksQuerySchema = PaginationQuerySchema.extend({
  /** A part of a learner's name or address. */
  search: SearchQuerySchema,
});
export type OrganizationChecksQuery = z.input<typeof OrganizationChecksQuerySchema>;
export const OrganizationChecksSchema = z.object({
  organization: RequirementOrganizationSchema,
  checks: z.array(RequirementCheckSchema),
  learners: paginated(
    z.object({ studentId: z.string(), fullName: z.string(), checks: z.array(RequirementCheckSchema) }),
  ),
});
export type OrganizationChecks = z.infer<typeof OrganizationChecksSchema>;

export const MyRequirementChecksSchema = z.object({ checks: z.array(RequirementCheckSchema) });
export type MyRequirementChecks = z.infer<typeof MyRequirementChecksSchema>;

/** A comment is what a refusal tells the organisation to fix: required then, optional for a valid one. */
export const ReviewRequirementInputSchema = z
  .object({
    documentId: z.uuid(),
    status: RequirementReviewStatusSchema,
    comment: z.string().trim().max(REQUIREMENT_COMMENT_MAX).refine(hasNoNul, NO_NUL).default(''),
  })
  .superRefine((value, context) => {
    if (value.status === 'refused' && !value.comment)
      context.addIssue({ code: 'custom', path: ['comment'], message: 'required' });
  });
export type ReviewRequirementInput = z.input<typeof ReviewRequirementInputSchema>;

export const OrganizationIdParamsSchema = z.object({ organizationId: z.uuid() });

/** Platform administrators only (SPEC 6). */
const PLATFORM_ADMIN = { roles: ['admin'], scope: 'organization' } as const satisfies RouteAccess;

export const documentRequirementRoutes = {
  list: {
    method: 'GET',
    path: '/api/admin/document-requirements',
    access: PLATFORM_ADMIN,
    response: DocumentRequirementListSchema,
  },
  /** 409 ALREADY_EXISTS for a name the audience already has. */
  create: {
    method: 'POST',
    path: '/api/admin/document-requirements',
    access: PLATFORM_ADMIN,
    body: DocumentRequirementInputSchema,
    response: DocumentRequirementSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/admin/document-requirements/:id',
    access: PLATFORM_ADMIN,
    params: IdParamsSchema,
    body: DocumentRequirementInputSchema,
    response: DocumentRequirementSchema,
  },
  /** Its reviews go with it; the documents stay. */
  remove: {
    method: 'DELETE',
    path: '/api/admin/document-requirements/:id',
    access: PLATFORM_ADMIN,
    params: IdParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  },
  overview: {
    method: 'GET',
    path: '/api/admin/document-requirements/organizations',
    access: PLATFORM_ADMIN,
    query: RequirementOverviewQuerySchema,
    response: RequirementOverviewSchema,
  },
  organization: {
    method: 'GET',
    path: '/api/admin/document-requirements/organizations/:organizationId',
    access: PLATFORM_ADMIN,
    params: OrganizationIdParamsSchema,
    query: OrganizationChecksQuerySchema,
    response: OrganizationChecksSchema,
  },
  /**
   * Marks the document's current version valid or refused for the requirement. 404 NOT_FOUND for a
   * requirement or document that does not exist, 400 VALIDATION_ERROR on `documentId` for a document
   * that does not answer the requirement.
   */
  review: {
    method: 'PUT',
    path: '/api/admin/document-requirements/:id/review',
    access: PLATFORM_ADMIN,
    params: IdParamsSchema,
    body: ReviewRequirementInputSchema,
    response: RequirementCheckSchema,
  },
  /** The organisation's staff read their checks and the admins' comments (`/trainer/documents`). */
  mineAsStaff: {
    method: 'GET',
    path: '/api/trainer/document-requirements',
    access: ORGANIZATION_STAFF,
    query: OrganizationChecksQuerySchema,
    response: OrganizationChecksSchema,
  },
  /** A learner's own checks (their documents page). */
  mine: {
    method: 'GET',
    path: '/api/student/document-requirements',
    access: STUDENT_OWN_DATA,
    response: MyRequirementChecksSchema,
  },
} as const satisfies Record<string, RouteContract>;
