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
import { FilePurposeSchema, StoredFileSchema } from './files.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';
import { LanguageSchema } from './roles.ts';

/**
 * Roles within an organisation (issue 16 point 3), beside the platform role (`user_roles`: every one
 * of them is a `trainer` there). A manager runs the organisation's team: invites trainers, changes
 * roles, edits any trainer's record; a trainer teaches and edits their own record. Platform admins
 * act as managers of any organisation.
 */
export const ORGANIZATION_ROLES = ['manager', 'trainer'] as const;
export const OrganizationRoleSchema = z.enum(ORGANIZATION_ROLES);
export type OrganizationRole = z.infer<typeof OrganizationRoleSchema>;

/** A CV, or a diploma with its title, issuer and dates (Qualiopi indicator 21). */
export const TRAINER_DOCUMENT_KINDS = ['cv', 'diploma'] as const;
export const TrainerDocumentKindSchema = z.enum(TRAINER_DOCUMENT_KINDS);
export type TrainerDocumentKind = z.infer<typeof TrainerDocumentKindSchema>;

export const TRAINER_BIO_MAX = 2000;
export const TRAINER_SPECIALITIES_MAX = 20;
export const TRAINER_SPECIALITY_MAX = 80;

/** A day, `YYYY-MM-DD`, as a diploma's dates are given. */
const DaySchema = z.iso.date();

/** Which files a CV or a diploma may be: a PDF, or a scan or photo. */
export const TRAINER_DOCUMENT_PURPOSES = ['document', 'image'] as const;

export const TrainerParamsSchema = z.object({ trainerId: z.string().trim().min(1).max(100) });
export const TrainerDocumentParamsSchema = TrainerParamsSchema.extend({ trainerDocumentId: z.uuid() });

export const TrainerListQuerySchema = PaginationQuerySchema.extend({
  /** A part of the name or of the address. */
  search: SearchQuerySchema,
});
export type TrainerListQuery = z.input<typeof TrainerListQuerySchema>;

export const TrainerCourseRefSchema = z.object({ id: z.uuid(), title: z.string() });

/** One line of the team list. */
export const TrainerSummarySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  organizationRole: OrganizationRoleSchema,
  /** A platform administrator placed in the organisation: staff there too (SPEC 6), shown as such. */
  platformAdmin: z.boolean(),
  /** Invited and not yet arrived: no password chosen through the invitation's link. */
  invitationPending: z.boolean(),
  /** Formations they created or are assigned to, by title. */
  courses: z.array(TrainerCourseRefSchema),
  upcomingSessionCount: z.number().int().min(0),
  nextSessionAt: z.iso.datetime().nullable(),
  hasCv: z.boolean(),
  diplomaCount: z.number().int().min(0),
});
export type TrainerSummary = z.infer<typeof TrainerSummarySchema>;

/** What the caller may do on the team: the list's actions follow it. */
export const TeamViewerSchema = z.object({
  id: z.string(),
  organizationRole: OrganizationRoleSchema,
  canManage: z.boolean(),
});
export type TeamViewer = z.infer<typeof TeamViewerSchema>;

export const TrainerListSchema = paginated(TrainerSummarySchema).extend({ viewer: TeamViewerSchema });
export type TrainerList = z.infer<typeof TrainerListSchema>;

export const TrainerDocumentSchema = z.object({
  id: z.uuid(),
  kind: TrainerDocumentKindSchema,
  title: z.string(),
  issuer: z.string().nullable(),
  obtainedOn: DaySchema.nullable(),
  expiresOn: DaySchema.nullable(),
  file: StoredFileSchema.pick({ id: true, name: true, mimeType: true, sizeBytes: true, url: true }),
  createdAt: z.iso.datetime(),
});
export type TrainerDocument = z.infer<typeof TrainerDocumentSchema>;

export const TrainerCourseSchema = TrainerCourseRefSchema.extend({
  status: z.enum(['published', 'draft']),
  /** `owner`: they created it; `assigned`: a manager assigned them to it (both may be true). */
  isOwner: z.boolean(),
  isAssigned: z.boolean(),
});
export type TrainerCourse = z.infer<typeof TrainerCourseSchema>;

export const TrainerSessionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  meetingDate: z.iso.datetime(),
  durationMinutes: z.number().int().min(1),
});
export type TrainerSession = z.infer<typeof TrainerSessionSchema>;

export const TrainerDetailSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organizationRole: OrganizationRoleSchema,
  platformAdmin: z.boolean(),
  invitationPending: z.boolean(),
  bio: z.string(),
  specialities: z.array(z.string()),
  courses: z.array(TrainerCourseSchema),
  /** Group sessions they created: those to come, then the last ones past. */
  upcomingSessions: z.array(TrainerSessionSchema),
  pastSessions: z.array(TrainerSessionSchema),
  documents: z.array(TrainerDocumentSchema),
  /** The caller may edit this record (their own, or any for a manager). */
  canEdit: z.boolean(),
  /** The caller manages the organisation: roles, formations assigned, invitations. */
  canManage: z.boolean(),
});
export type TrainerDetail = z.infer<typeof TrainerDetailSchema>;

export const InviteTrainerInputSchema = z.object({
  email: EmailSchema,
  firstName: text(100),
  lastName: text(100),
  organizationRole: OrganizationRoleSchema.default('trainer'),
  /** The invitation's language, and the account's. */
  language: LanguageSchema.default('fr'),
});
export type InviteTrainerInput = z.input<typeof InviteTrainerInputSchema>;

export const UpdateTrainerRoleInputSchema = z.object({ organizationRole: OrganizationRoleSchema });
export type UpdateTrainerRoleInput = z.infer<typeof UpdateTrainerRoleInputSchema>;

export const UpdateTrainerProfileInputSchema = z.object({
  bio: z.string().trim().max(TRAINER_BIO_MAX).refine(hasNoNul, NO_NUL),
  specialities: z
    .array(text(TRAINER_SPECIALITY_MAX))
    .max(TRAINER_SPECIALITIES_MAX)
    // The same speciality twice, whatever its case, is one: the first spelling stays.
    .transform((values) =>
      values.filter(
        (value, index) => values.findIndex((other) => other.toLowerCase() === value.toLowerCase()) === index,
      ),
    ),
});
export type UpdateTrainerProfileInput = z.input<typeof UpdateTrainerProfileInputSchema>;

export const UpdateTrainerCoursesInputSchema = z.object({
  /** The formations of the organisation the trainer is assigned to (replaces the list). */
  courseIds: z.array(z.uuid()).max(500),
});
export type UpdateTrainerCoursesInput = z.infer<typeof UpdateTrainerCoursesInputSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(hasNoNul, NO_NUL)
    .transform((value) => value || null)
    .nullish();

/**
 * A file uploaded through `uploadFile`, recorded as the trainer's CV or as a diploma. A diploma
 * names its title, issuer and the day it was obtained; its expiry, when it has one, comes after.
 */
export const CreateTrainerDocumentInputSchema = z
  .object({
    kind: TrainerDocumentKindSchema,
    fileId: z.uuid(),
    title: optionalText(200),
    issuer: optionalText(200),
    obtainedOn: DaySchema.nullish(),
    expiresOn: DaySchema.nullish(),
  })
  .superRefine((value, context) => {
    if (value.kind !== 'diploma') return;
    for (const field of ['title', 'issuer', 'obtainedOn'] as const)
      if (!value[field]) context.addIssue({ code: 'custom', path: [field], message: 'required' });
    if (value.obtainedOn && value.expiresOn && value.expiresOn < value.obtainedOn)
      context.addIssue({ code: 'custom', path: ['expiresOn'], message: 'before obtainedOn' });
  });
export type CreateTrainerDocumentInput = z.input<typeof CreateTrainerDocumentInputSchema>;

export const UploadTrainerFileQuerySchema = z.object({
  purpose: FilePurposeSchema.refine((purpose) => purpose !== 'video', { message: 'PDF or image only' }),
});

export const InvitedTrainerSchema = z.object({ id: z.string(), email: z.string() });

/** `/admin/trainers`: every organisation's staff, or one organisation's. */
export const AdminTrainerListQuerySchema = TrainerListQuerySchema.extend({
  organizationId: z.uuid().optional(),
});
export type AdminTrainerListQuery = z.input<typeof AdminTrainerListQuerySchema>;
const TrainerOrganizationSchema = z.object({ id: z.uuid(), name: z.string() });
export const AdminTrainerRowSchema = TrainerSummarySchema.extend({
  organization: TrainerOrganizationSchema,
  /** Their latest sign-in, null when they never signed in. */
  lastSignInAt: z.iso.datetime().nullable(),
});
export type AdminTrainerRow = z.infer<typeof AdminTrainerRowSchema>;
export const AdminTrainerListSchema = paginated(AdminTrainerRowSchema);
export type AdminTrainerList = z.infer<typeof AdminTrainerListSchema>;
/** The record read by an admin: read-only there (`canEdit` and `canManage` false), with its organisation. */
export const AdminTrainerDetailSchema = TrainerDetailSchema.extend({
  organization: TrainerOrganizationSchema,
});
export type AdminTrainerDetail = z.infer<typeof AdminTrainerDetailSchema>;

/** Platform administrators only (SPEC 6), over every organisation's data. */
const PLATFORM_ADMIN = { roles: ['admin'], scope: 'organization' } as const satisfies RouteAccess;

export const trainerRoutes = {
  /** The organisation's trainers, by name; an admin's own organisation. */
  list: {
    method: 'GET',
    path: '/api/trainer/trainers',
    access: ORGANIZATION_STAFF,
    query: TrainerListQuerySchema,
    response: TrainerListSchema,
  },
  /**
   * Managers only (403 MANAGER_ONLY): the account is created in the organisation and the invitee
   * chooses a password through the emailed link. 409 ACCOUNT_EXISTS for a known address.
   */
  invite: {
    method: 'POST',
    path: '/api/trainer/trainers',
    access: ORGANIZATION_STAFF,
    body: InviteTrainerInputSchema,
    response: InvitedTrainerSchema,
  },
  /** Managers only: a new link for an invitee who has not arrived yet (409 ALREADY_EXISTS otherwise). */
  resendInvitation: {
    method: 'POST',
    path: '/api/trainer/trainers/:trainerId/invitation',
    access: ORGANIZATION_STAFF,
    params: TrainerParamsSchema,
    response: InvitedTrainerSchema,
  },
  get: {
    method: 'GET',
    path: '/api/trainer/trainers/:trainerId',
    access: ORGANIZATION_STAFF,
    params: TrainerParamsSchema,
    response: TrainerDetailSchema,
  },
  /** Managers only; 409 LAST_MANAGER when it would leave the organisation without one. */
  updateRole: {
    method: 'PUT',
    path: '/api/trainer/trainers/:trainerId/role',
    access: ORGANIZATION_STAFF,
    params: TrainerParamsSchema,
    body: UpdateTrainerRoleInputSchema,
    response: TrainerDetailSchema,
  },
  /** The trainer themself, or a manager. */
  updateProfile: {
    method: 'PUT',
    path: '/api/trainer/trainers/:trainerId/profile',
    access: ORGANIZATION_STAFF,
    params: TrainerParamsSchema,
    body: UpdateTrainerProfileInputSchema,
    response: TrainerDetailSchema,
  },
  /** Managers only: the formations the trainer is assigned to. */
  updateCourses: {
    method: 'PUT',
    path: '/api/trainer/trainers/:trainerId/courses',
    access: ORGANIZATION_STAFF,
    params: TrainerParamsSchema,
    body: UpdateTrainerCoursesInputSchema,
    response: TrainerDetailSchema,
  },
  /**
   * The trainer themself, or a manager: a multipart upload (one part named `file`) of a PDF
   * (`purpose=document`) or an image (`purpose=image`), checked like every upload (size, format
   * sniffed, hourly rate, quota). Then recorded with `createDocument`.
   */
  uploadFile: {
    method: 'POST',
    path: '/api/trainer/trainers/:trainerId/files',
    access: ORGANIZATION_STAFF,
    params: TrainerParamsSchema,
    query: UploadTrainerFileQuerySchema,
    response: StoredFileSchema,
  },
  createDocument: {
    method: 'POST',
    path: '/api/trainer/trainers/:trainerId/documents',
    access: ORGANIZATION_STAFF,
    params: TrainerParamsSchema,
    body: CreateTrainerDocumentInputSchema,
    response: TrainerDocumentSchema,
  },
  deleteDocument: {
    method: 'DELETE',
    path: '/api/trainer/trainers/:trainerId/documents/:trainerDocumentId',
    access: ORGANIZATION_STAFF,
    params: TrainerDocumentParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/trainers',
    access: PLATFORM_ADMIN,
    query: AdminTrainerListQuerySchema,
    response: AdminTrainerListSchema,
  },
  adminGet: {
    method: 'GET',
    path: '/api/admin/trainers/:trainerId',
    access: PLATFORM_ADMIN,
    params: TrainerParamsSchema,
    response: AdminTrainerDetailSchema,
  },
} as const satisfies Record<string, RouteContract>;
