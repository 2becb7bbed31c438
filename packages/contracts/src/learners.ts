import { z } from 'zod';
import {
  EmailSchema,
  hasNoNul,
  NO_NUL,
  ORGANIZATION_STAFF,
  type RouteAccess,
  type RouteContract,
  text,
} from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';
import { LanguageSchema } from './roles.ts';

/**
 * Activity of a learner in the list: `never_signed_in` has no sign-in at all; `active` signed in or
 * was tracked within the last LEARNER_ACTIVE_DAYS days; `inactive` otherwise (SPEC 9: inactivity
 * is no session for over 5 days).
 */
export const LEARNER_STATUSES = ['active', 'inactive', 'never_signed_in'] as const;
export const LearnerStatusSchema = z.enum(LEARNER_STATUSES);
export type LearnerStatus = z.infer<typeof LearnerStatusSchema>;
export const LEARNER_ACTIVE_DAYS = 5;

/** Average progress over the learner's formations; `none` is a learner enrolled in none. */
export const PROGRESS_BANDS = ['none', 'not_started', 'in_progress', 'completed'] as const;
export const ProgressBandSchema = z.enum(PROGRESS_BANDS);
export type ProgressBand = z.infer<typeof ProgressBandSchema>;

export const LEARNER_SORTS = ['name', 'email', 'progress', 'weekTime', 'lastActivity'] as const;
export const LearnerSortSchema = z.enum(LEARNER_SORTS);
export type LearnerSort = z.infer<typeof LearnerSortSchema>;

export const LearnerListQuerySchema = PaginationQuerySchema.extend({
  /** A part of the name or of the email. */
  search: SearchQuerySchema,
  courseId: z.uuid().optional(),
  status: LearnerStatusSchema.optional(),
  progress: ProgressBandSchema.optional(),
  sort: LearnerSortSchema.default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type LearnerListQuery = z.input<typeof LearnerListQuerySchema>;

export const LearnerRowSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  courses: z.array(z.object({ id: z.uuid(), title: z.string(), progress: z.number().int() })),
  /** Average progress over the formations (0 to 100), null when enrolled in none. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** Tracked seconds since Monday 00:00, Paris time. */
  weekSeconds: z.number().int().min(0),
  lastActivityAt: z.iso.datetime().nullable(),
  status: LearnerStatusSchema,
});
export type LearnerRow = z.infer<typeof LearnerRowSchema>;
export const LearnerListSchema = paginated(LearnerRowSchema);
export type LearnerList = z.infer<typeof LearnerListSchema>;

/** Formations to enrol in at once (invitation, import): the organisation's, checked by the server. */
const CourseIdsSchema = z.array(z.uuid()).max(50).default([]);

export const InviteLearnerInputSchema = z.object({
  email: EmailSchema,
  firstName: text(100),
  lastName: text(100),
  /** The invitation email's language, and the account's. */
  language: LanguageSchema.default('fr'),
  courseIds: CourseIdsSchema,
});
export type InviteLearnerInput = z.input<typeof InviteLearnerInputSchema>;
export const InvitedLearnerSchema = z.object({ id: z.string(), email: z.string(), fullName: z.string() });

/**
 * CSV import (SPEC 3 and 5). The file is sent as it is, base64-encoded, and parsed by the server,
 * which alone tells an encoding or a separator apart the same way for every browser.
 */
export const LEARNER_IMPORT_MAX_BYTES = 700 * 1024;
export const LEARNER_IMPORT_MAX_ROWS = 10_000;
/** Rows per import call: the web sends the checked rows in batches and moves a progress bar. */
export const LEARNER_IMPORT_BATCH = 500;

export const ImportPreviewInputSchema = z.object({
  /** The file's bytes in base64 (at most LEARNER_IMPORT_MAX_BYTES once decoded). */
  file: z
    .string()
    .min(1)
    .max(Math.ceil(LEARNER_IMPORT_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]+=*$/, { message: 'invalid base64' }),
});
export type ImportPreviewInput = z.infer<typeof ImportPreviewInputSchema>;

export const IMPORT_FAILURES = [
  'missing_name',
  'missing_firstname',
  'missing_email',
  'invalid_email',
  'invalid_phone',
  'too_long',
  'duplicate_in_file',
  'already_member',
  'email_taken',
] as const;
export const ImportFailureSchema = z.enum(IMPORT_FAILURES);
export type ImportFailure = z.infer<typeof ImportFailureSchema>;

export const ImportRowStateSchema = z.enum(['pending', 'imported', 'failed']);
export type ImportRowState = z.infer<typeof ImportRowStateSchema>;

export const ImportPreviewRowSchema = z.object({
  /** The row as a spreadsheet numbers it (the header is row 1), so people find it there. */
  line: z.number().int().min(1),
  lastName: z.string(),
  firstName: z.string(),
  email: z.string(),
  phone: z.string(),
  state: z.enum(['pending', 'failed']),
  reason: ImportFailureSchema.nullable(),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const ImportPreviewSchema = z.object({
  encoding: z.enum(['utf-8', 'windows-1252']),
  separator: z.enum([';', ',']),
  rows: z.array(ImportPreviewRowSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

const cell = (max: number) => z.string().trim().max(max).refine(hasNoNul, NO_NUL);

export const ImportRowInputSchema = z.object({
  line: z
    .number()
    .int()
    .min(1)
    .max(LEARNER_IMPORT_MAX_ROWS + 1),
  lastName: cell(100),
  firstName: cell(100),
  email: cell(254),
  phone: cell(30).default(''),
});

export const ImportLearnersInputSchema = z.object({
  rows: z.array(ImportRowInputSchema).min(1).max(LEARNER_IMPORT_BATCH),
  courseIds: CourseIdsSchema,
  /** The invitations' language. */
  language: LanguageSchema.default('fr'),
});
export type ImportLearnersInput = z.input<typeof ImportLearnersInputSchema>;

export const ImportResultSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      state: z.enum(['imported', 'failed']),
      reason: ImportFailureSchema.nullable(),
      id: z.string().nullable(),
    }),
  ),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** SPEC 3: professional status of a learner. */
export const PROFESSIONAL_STATUSES = ['employed', 'unemployed', 'student', 'self_employed', 'other'] as const;
export const ProfessionalStatusSchema = z.enum(PROFESSIONAL_STATUSES);
export type ProfessionalStatus = z.infer<typeof ProfessionalStatusSchema>;

/**
 * French social security number (NIR): 13 digits (the department may be 2A or 2B for Corsica) and
 * a 2-digit key, 97 - (number mod 97), where 2A counts as 19 and 2B as 18 in the number.
 * Spaces are allowed when typed and removed.
 */
export function isValidSocialSecurityNumber(value: string): boolean {
  const nir = value.replace(/\s+/g, '').toUpperCase();
  const match = /^([12378]\d{4})(\d{2}|2A|2B)(\d{6})(\d{2})$/.exec(nir);
  if (!match) return false;
  const [, start, department, end, key] = match as unknown as [string, string, string, string, string];
  const numericDepartment = department === '2A' ? '19' : department === '2B' ? '18' : department;
  const number = BigInt(`${start}${numericDepartment}${end}`);
  return 97n - (number % 97n) === BigInt(key);
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(hasNoNul, NO_NUL)
    .transform((value) => value || null)
    .nullable();

export const AdministrativeInfoSchema = z.object({
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  birthDate: z.iso.date().nullable(),
  birthPlace: z.string().nullable(),
  /** Never the number itself: `1 85 05 •• ••• ••• 42`, or null when none is stored. */
  socialSecurityNumberMasked: z.string().nullable(),
  professionalStatus: ProfessionalStatusSchema.nullable(),
  employer: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type AdministrativeInfo = z.infer<typeof AdministrativeInfoSchema>;

export const UpdateAdministrativeInfoInputSchema = z.object({
  address: optionalText(300),
  city: optionalText(120),
  postalCode: optionalText(20),
  country: optionalText(80),
  birthDate: z.iso.date().nullable(),
  birthPlace: optionalText(120),
  /**
   * Absent: keep the stored number; null or '': remove it; otherwise a valid NIR. Refused while
   * the organisation does not collect it.
   */
  socialSecurityNumber: z
    .string()
    .trim()
    .max(30)
    .refine((value) => value === '' || isValidSocialSecurityNumber(value), { message: 'invalid NIR' })
    .nullable()
    .optional(),
  professionalStatus: ProfessionalStatusSchema.nullable(),
  employer: optionalText(200),
});
export type UpdateAdministrativeInfoInput = z.input<typeof UpdateAdministrativeInfoInputSchema>;

export const LearnerSettingsSchema = z.object({ collectsSocialSecurityNumber: z.boolean() });
export type LearnerSettings = z.infer<typeof LearnerSettingsSchema>;

export const LearnerParamsSchema = z.object({ studentId: z.string().min(1).max(64) });

export const LearnerRecordSchema = z.object({
  identity: z.object({
    id: z.string(),
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    language: LanguageSchema,
    createdAt: z.iso.datetime(),
    emailVerified: z.boolean(),
    status: LearnerStatusSchema,
    lastActivityAt: z.iso.datetime().nullable(),
  }),
  enrollments: z.array(
    z.object({
      courseId: z.uuid(),
      title: z.string(),
      progress: z.number().int(),
      enrolledAt: z.iso.datetime(),
      trackedSeconds: z.number().int().min(0),
    }),
  ),
  time: z.object({
    weekSeconds: z.number().int().min(0),
    totalSeconds: z.number().int().min(0),
  }),
  quizAttempts: z.array(
    z.object({
      id: z.uuid(),
      quizId: z.uuid(),
      quizTitle: z.string(),
      score: z.number().nullable(),
      passed: z.boolean().nullable(),
      submittedAt: z.iso.datetime().nullable(),
    }),
  ),
  signatures: z.array(
    z.object({
      id: z.uuid(),
      courseTitle: z.string(),
      signatureType: z.string(),
      signedAt: z.iso.datetime(),
    }),
  ),
  /** The half-days of group sessions the learner was expected at; status null until marked. */
  attendance: z.array(
    z.object({
      slotId: z.uuid(),
      sessionTitle: z.string(),
      period: z.enum(['morning', 'afternoon']),
      startsAt: z.iso.datetime(),
      status: z.enum(['attended', 'absent']).nullable(),
    }),
  ),
  certificates: z.array(
    z.object({
      id: z.uuid(),
      kind: z.enum(['realisation', 'completion']),
      courseTitle: z.string(),
      status: z.enum(['valid', 'revoked']),
      issuedAt: z.iso.datetime(),
    }),
  ),
  administrative: AdministrativeInfoSchema,
  collectsSocialSecurityNumber: z.boolean(),
});
export type LearnerRecord = z.infer<typeof LearnerRecordSchema>;

/** An organisation as the platform admin's lists name it. */
export const OrganizationRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type OrganizationRef = z.infer<typeof OrganizationRefSchema>;

/** `/admin/students`: every organisation's learners, or one organisation's. */
export const AdminLearnerListQuerySchema = LearnerListQuerySchema.extend({
  organizationId: z.uuid().optional(),
});
export type AdminLearnerListQuery = z.input<typeof AdminLearnerListQuerySchema>;
export const AdminLearnerRowSchema = LearnerRowSchema.extend({
  organization: OrganizationRefSchema,
  /** When their account was made (arrived in the organisation, or invited). */
  joinedAt: z.iso.datetime(),
});
export type AdminLearnerRow = z.infer<typeof AdminLearnerRowSchema>;
export const AdminLearnerListSchema = paginated(AdminLearnerRowSchema);
export type AdminLearnerList = z.infer<typeof AdminLearnerListSchema>;
/** A learner's record as an admin reads it: the same record, with the organisation it belongs to. */
export const AdminLearnerRecordSchema = LearnerRecordSchema.extend({ organization: OrganizationRefSchema });
export type AdminLearnerRecord = z.infer<typeof AdminLearnerRecordSchema>;

/** Platform administrators only (SPEC 6), over every organisation's data. */
const PLATFORM_ADMIN = { roles: ['admin'], scope: 'organization' } as const satisfies RouteAccess;

export const learnerRoutes = {
  list: {
    method: 'GET',
    path: '/api/learners',
    access: ORGANIZATION_STAFF,
    query: LearnerListQuerySchema,
    response: LearnerListSchema,
  },
  invite: {
    method: 'POST',
    path: '/api/learners/invitations',
    access: ORGANIZATION_STAFF,
    body: InviteLearnerInputSchema,
    response: InvitedLearnerSchema,
  },
  previewImport: {
    method: 'POST',
    path: '/api/learners/import/preview',
    access: ORGANIZATION_STAFF,
    body: ImportPreviewInputSchema,
    response: ImportPreviewSchema,
  },
  importRows: {
    method: 'POST',
    path: '/api/learners/import',
    access: ORGANIZATION_STAFF,
    body: ImportLearnersInputSchema,
    response: ImportResultSchema,
  },
  getSettings: {
    method: 'GET',
    path: '/api/learners/settings',
    access: ORGANIZATION_STAFF,
    response: LearnerSettingsSchema,
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/learners/settings',
    access: ORGANIZATION_STAFF,
    body: LearnerSettingsSchema,
    response: LearnerSettingsSchema,
  },
  myAdministrative: {
    method: 'GET',
    path: '/api/learners/me/administrative',
    access: { roles: ['student'], scope: 'owner' },
    response: AdministrativeInfoSchema,
  },
  get: {
    method: 'GET',
    path: '/api/learners/:studentId',
    access: ORGANIZATION_STAFF,
    params: LearnerParamsSchema,
    response: LearnerRecordSchema,
  },
  updateAdministrative: {
    method: 'PUT',
    path: '/api/learners/:studentId/administrative',
    access: ORGANIZATION_STAFF,
    params: LearnerParamsSchema,
    body: UpdateAdministrativeInfoInputSchema,
    response: AdministrativeInfoSchema,
  },
  /** Read only: an admin changes a learner's data from within their organisation's space. */
  adminList: {
    method: 'GET',
    path: '/api/admin/learners',
    access: PLATFORM_ADMIN,
    query: AdminLearnerListQuerySchema,
    response: AdminLearnerListSchema,
  },
  adminGet: {
    method: 'GET',
    path: '/api/admin/learners/:studentId',
    access: PLATFORM_ADMIN,
    params: LearnerParamsSchema,
    response: AdminLearnerRecordSchema,
  },
} as const satisfies Record<string, RouteContract>;
