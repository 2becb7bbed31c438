import { z } from 'zod';
import { EmailSchema, type RouteAccess, type RouteContract, text } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';
import { LanguageSchema } from './roles.ts';

/**
 * The admin space's organisations (issue 17 point 3): the platform's figures, onboarding an
 * organisation with its first trainer, and one organisation's page. Admins only; every write that
 * changes an organisation's data is written to the audit log (`audit.ts`).
 */

/** Platform administrators only (SPEC 6), over every organisation's data. */
const PLATFORM_ADMIN = { roles: ['admin'], scope: 'organization' } as const satisfies RouteAccess;

/** Sign-ups shown on the platform dashboard's chart, in weeks (Paris time, Monday first). */
export const PLATFORM_SIGNUP_WEEKS = 12;
/** Newest organisations listed on the platform dashboard. */
export const PLATFORM_NEWEST_ORGANIZATIONS = 5;
/** Entries of an organisation's recent activity on its overview. */
export const ORGANIZATION_RECENT_ACTIVITY = 10;

export const PlatformOverviewSchema = z.object({
  organizations: z.object({
    total: z.number().int().min(0),
    /** Created since the first day of this month, Paris time. */
    createdThisMonth: z.number().int().min(0),
  }),
  /** Accounts by platform role, as sign-in resolves it (an ADMIN_EMAILS address is an admin). */
  users: z.object({
    students: z.number().int().min(0),
    trainers: z.number().int().min(0),
    admins: z.number().int().min(0),
    /** Learners who signed up and wait for an organisation (SPEC 1). */
    unassignedStudents: z.number().int().min(0),
  }),
  /** Learners who signed in or were tracked within the last 7 and 30 days. */
  activeLearners: z.object({
    last7Days: z.number().int().min(0),
    last30Days: z.number().int().min(0),
  }),
  formations: z.object({ published: z.number().int().min(0), draft: z.number().int().min(0) }),
  enrolments: z.number().int().min(0),
  /** Tracked learning time since the first day of this month, Paris time, in seconds. */
  monthSeconds: z.number().int().min(0),
  monthStartsAt: z.iso.datetime(),
  /** Accounts created per week, the oldest first, the current week last. */
  signupsByWeek: z.array(z.object({ weekStartsAt: z.iso.datetime(), count: z.number().int().min(0) })),
  newestOrganizations: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      createdAt: z.iso.datetime(),
      trainerCount: z.number().int().min(0),
      learnerCount: z.number().int().min(0),
    }),
  ),
});
export type PlatformOverview = z.infer<typeof PlatformOverviewSchema>;

export const AdminOrganizationListQuerySchema = PaginationQuerySchema.extend({
  /** A part of the organisation's name. */
  search: SearchQuerySchema,
});
export type AdminOrganizationListQuery = z.input<typeof AdminOrganizationListQuerySchema>;

export const AdminOrganizationRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  trainerCount: z.number().int().min(0),
  learnerCount: z.number().int().min(0),
  publishedCourseCount: z.number().int().min(0),
  draftCourseCount: z.number().int().min(0),
  enrolmentCount: z.number().int().min(0),
});
export type AdminOrganizationRow = z.infer<typeof AdminOrganizationRowSchema>;
export const AdminOrganizationListSchema = paginated(AdminOrganizationRowSchema);
export type AdminOrganizationList = z.infer<typeof AdminOrganizationListSchema>;

/** An organisation created by an admin, with the first trainer invited as its manager. */
export const OnboardOrganizationInputSchema = z.object({
  name: text(200),
  firstName: text(100),
  lastName: text(100),
  email: EmailSchema,
  /** The invitation's language, and the trainer's account's. */
  language: LanguageSchema.default('fr'),
});
export type OnboardOrganizationInput = z.input<typeof OnboardOrganizationInputSchema>;

export const OnboardedOrganizationSchema = z.object({
  organization: z.object({ id: z.uuid(), name: z.string() }),
  trainer: z.object({ id: z.string(), email: z.string() }),
});
export type OnboardedOrganization = z.infer<typeof OnboardedOrganizationSchema>;

export const AdminOrganizationParamsSchema = z.object({ organizationId: z.uuid() });

export const ORGANIZATION_ACTIVITY_KINDS = [
  'learner_joined',
  'trainer_joined',
  'course_created',
  'enrolment',
  'question',
] as const;
export const OrganizationActivityKindSchema = z.enum(ORGANIZATION_ACTIVITY_KINDS);
export type OrganizationActivityKind = z.infer<typeof OrganizationActivityKindSchema>;

export const AdminOrganizationDetailSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  legal: z.object({
    siret: z.string().nullable(),
    activityDeclarationNumber: z.string().nullable(),
    vatNumber: z.string().nullable(),
    addressLine: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    legalRepresentativeName: z.string().nullable(),
    legalRepresentativeTitle: z.string().nullable(),
  }),
  qualiopi: z.object({
    number: z.string().nullable(),
    issuer: z.string().nullable(),
    /** A day, YYYY-MM-DD. */
    validUntil: z.iso.date().nullable(),
    /** Whether that day is past (server clock, Paris time). */
    isExpired: z.boolean(),
  }),
  figures: z.object({
    trainers: z.number().int().min(0),
    learners: z.number().int().min(0),
    /** Learners who signed in or were tracked within the last 30 days. */
    activeLearners: z.number().int().min(0),
    publishedCourses: z.number().int().min(0),
    draftCourses: z.number().int().min(0),
    enrolments: z.number().int().min(0),
    /** Average progress over the enrolments, null without any. */
    averageProgress: z.number().int().min(0).max(100).nullable(),
    pendingQuestions: z.number().int().min(0),
    monthSeconds: z.number().int().min(0),
  }),
  /** The newest events of the organisation, newest first. */
  recentActivity: z.array(
    z.object({
      kind: OrganizationActivityKindSchema,
      at: z.iso.datetime(),
      /** Who or what it is about: the person's name, or the formation's title. */
      label: z.string(),
      /** The formation concerned, for an enrolment. */
      detail: z.string().nullable(),
    }),
  ),
});
export type AdminOrganizationDetail = z.infer<typeof AdminOrganizationDetailSchema>;

export const ADMIN_COURSE_STATUSES = ['published', 'draft'] as const;
export const AdminCourseStatusSchema = z.enum(ADMIN_COURSE_STATUSES);
export type AdminCourseStatus = z.infer<typeof AdminCourseStatusSchema>;

export const AdminCourseQuerySchema = PaginationQuerySchema.extend({
  /** A part of the formation's title. */
  search: SearchQuerySchema,
});
export type AdminCourseQuery = z.input<typeof AdminCourseQuerySchema>;

export const AdminOrganizationCourseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: AdminCourseStatusSchema,
  moduleCount: z.number().int().min(0),
  lessonCount: z.number().int().min(0),
  enrolmentCount: z.number().int().min(0),
  updatedAt: z.iso.datetime(),
});
export type AdminOrganizationCourse = z.infer<typeof AdminOrganizationCourseSchema>;
export const AdminOrganizationCourseListSchema = paginated(AdminOrganizationCourseSchema);
export type AdminOrganizationCourseList = z.infer<typeof AdminOrganizationCourseListSchema>;

/** A formation of the platform's catalogue (every organisation's), as a source to assign. */
export const CatalogueCourseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: AdminCourseStatusSchema,
  organizationId: z.uuid(),
  organizationName: z.string(),
  moduleCount: z.number().int().min(0),
  lessonCount: z.number().int().min(0),
});
export type CatalogueCourse = z.infer<typeof CatalogueCourseSchema>;
export const CatalogueCourseListSchema = paginated(CatalogueCourseSchema);
export type CatalogueCourseList = z.infer<typeof CatalogueCourseListSchema>;

/**
 * Assigning a formation to an organisation: a copy of a catalogue formation (sheet, modules,
 * lessons and their files) becomes a formation of the organisation, published or draft. Nothing
 * links the copy to its source afterwards (docs/admin.md).
 */
export const AssignCourseInputSchema = z.object({
  courseId: z.uuid(),
  status: AdminCourseStatusSchema,
});
export type AssignCourseInput = z.infer<typeof AssignCourseInputSchema>;

export const AssignedCourseSchema = z.object({
  courseId: z.uuid(),
  title: z.string(),
  status: AdminCourseStatusSchema,
  moduleCount: z.number().int().min(0),
  lessonCount: z.number().int().min(0),
});
export type AssignedCourse = z.infer<typeof AssignedCourseSchema>;

export const adminRoutes = {
  /** The platform's figures: one read, over every organisation. */
  platform: {
    method: 'GET',
    path: '/api/admin/platform',
    access: PLATFORM_ADMIN,
    response: PlatformOverviewSchema,
  },
  /** Every organisation, by name, with its counts. */
  listOrganizations: {
    method: 'GET',
    path: '/api/admin/organizations',
    access: PLATFORM_ADMIN,
    query: AdminOrganizationListQuerySchema,
    response: AdminOrganizationListSchema,
  },
  /**
   * Creates the organisation and invites its first trainer as its manager (the trainers module's
   * invitation, in the language chosen). 409 ACCOUNT_EXISTS for a known address, before anything is made.
   */
  onboard: {
    method: 'POST',
    path: '/api/admin/organizations',
    access: PLATFORM_ADMIN,
    body: OnboardOrganizationInputSchema,
    response: OnboardedOrganizationSchema,
  },
  /** Formations of every organisation, to assign to another (published and draft). */
  catalogue: {
    method: 'GET',
    path: '/api/admin/catalogue',
    access: PLATFORM_ADMIN,
    query: AdminCourseQuerySchema,
    response: CatalogueCourseListSchema,
  },
  /** 404 NOT_FOUND for an unknown organisation. */
  getOrganization: {
    method: 'GET',
    path: '/api/admin/organizations/:organizationId',
    access: PLATFORM_ADMIN,
    params: AdminOrganizationParamsSchema,
    response: AdminOrganizationDetailSchema,
  },
  organizationCourses: {
    method: 'GET',
    path: '/api/admin/organizations/:organizationId/courses',
    access: PLATFORM_ADMIN,
    params: AdminOrganizationParamsSchema,
    query: AdminCourseQuerySchema,
    response: AdminOrganizationCourseListSchema,
  },
  /** A copy of a catalogue formation into the organisation; 404 TRAINING_NOT_FOUND for an unknown source. */
  assignCourse: {
    method: 'POST',
    path: '/api/admin/organizations/:organizationId/courses',
    access: PLATFORM_ADMIN,
    params: AdminOrganizationParamsSchema,
    body: AssignCourseInputSchema,
    response: AssignedCourseSchema,
  },
} as const satisfies Record<string, RouteContract>;
