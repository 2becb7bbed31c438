import { z } from 'zod';
import { hasNoNul, IdParamsSchema, NO_NUL, ORGANIZATION_STAFF, type RouteContract, text } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/**
 * The Qualiopi registers (issue 17 point 2): complaints and difficulties (indicator 31), improvement
 * actions (indicator 32, per organisation and for the platform) and the watch registers (indicators
 * 23, 24, 25). Days are Paris calendar days (YYYY-MM-DD); delays are counted by the server.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(hasNoNul, NO_NUL)
    .transform((value) => value || null)
    .nullable()
    .optional();
const Day = z.iso.date();
const UserIdSchema = z.string().min(1).max(64);

// Complaints and difficulties (indicator 31)

export const COMPLAINT_KINDS = ['complaint', 'difficulty'] as const;
export const ComplaintKindSchema = z.enum(COMPLAINT_KINDS);
export type ComplaintKind = z.infer<typeof ComplaintKindSchema>;

/** How it reached the organisation; `question` and `message` may name the item they came from. */
export const COMPLAINT_SOURCES = ['question', 'message', 'email', 'phone', 'typed_in'] as const;
export const ComplaintSourceSchema = z.enum(COMPLAINT_SOURCES);
export type ComplaintSource = z.infer<typeof ComplaintSourceSchema>;

/** `closed` is final: a closed entry is kept as it is, for the auditor. */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'answered', 'closed'] as const;
export const ComplaintStatusSchema = z.enum(COMPLAINT_STATUSES);
export type ComplaintStatus = z.infer<typeof ComplaintStatusSchema>;

export const ComplaintSchema = z.object({
  id: z.uuid(),
  kind: ComplaintKindSchema,
  source: ComplaintSourceSchema,
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  questionId: z.uuid().nullable(),
  conversationId: z.uuid().nullable(),
  /** The linked question's subject, or the conversation's two people. */
  sourceLabel: z.string().nullable(),
  receivedOn: Day,
  subject: z.string(),
  description: z.string(),
  status: ComplaintStatusSchema,
  answer: z.string().nullable(),
  answeredOn: Day.nullable(),
  closedOn: Day.nullable(),
  handlerId: z.string().nullable(),
  handlerName: z.string().nullable(),
  /** Days from reception to the answer, and to the closure; null until then. */
  daysToAnswer: z.number().int().nullable(),
  daysToClose: z.number().int().nullable(),
  /** Days since reception while no answer was given; null once answered. */
  daysWaiting: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type Complaint = z.infer<typeof ComplaintSchema>;
export const ComplaintListSchema = paginated(ComplaintSchema);
export type ComplaintList = z.infer<typeof ComplaintListSchema>;

export const ComplaintListQuerySchema = PaginationQuerySchema.extend({
  /** A part of the subject, the description or the learner's name. */
  search: SearchQuerySchema,
  kind: ComplaintKindSchema.optional(),
  status: ComplaintStatusSchema.optional(),
});
export type ComplaintListQuery = z.input<typeof ComplaintListQuerySchema>;

const complaintFields = {
  kind: ComplaintKindSchema,
  source: ComplaintSourceSchema,
  studentId: UserIdSchema.nullable().optional(),
  /** With `source: 'question'` only: a question of the organisation. */
  questionId: z.uuid().nullable().optional(),
  /** With `source: 'message'` only: a conversation of the organisation the caller takes part in. */
  conversationId: z.uuid().nullable().optional(),
  receivedOn: Day,
  subject: text(200),
  description: text(5000),
  handlerId: UserIdSchema.nullable().optional(),
};

function linkMatchesSource(
  value: { source: ComplaintSource; questionId?: string | null; conversationId?: string | null },
  context: z.core.$RefinementCtx,
) {
  if (value.questionId && value.source !== 'question')
    context.addIssue({ code: 'custom', path: ['questionId'], message: 'only with source question' });
  if (value.conversationId && value.source !== 'message')
    context.addIssue({ code: 'custom', path: ['conversationId'], message: 'only with source message' });
}

export const CreateComplaintInputSchema = z.object(complaintFields).superRefine(linkMatchesSource);
export type CreateComplaintInput = z.input<typeof CreateComplaintInputSchema>;

/** Everything but the closure; an answer needs its text, and its day defaults to today. */
export const UpdateComplaintInputSchema = z
  .object({
    ...complaintFields,
    status: z.enum(['open', 'in_progress', 'answered']),
    answer: optionalText(5000),
    answeredOn: Day.nullable().optional(),
  })
  .superRefine((value, context) => {
    linkMatchesSource(value, context);
    if (value.status === 'answered' && !value.answer)
      context.addIssue({ code: 'custom', path: ['answer'], message: 'required' });
  });
export type UpdateComplaintInput = z.input<typeof UpdateComplaintInputSchema>;

export const CloseComplaintInputSchema = z.object({
  /** The day it was closed; today when absent. */
  closedOn: Day.optional(),
});
export type CloseComplaintInput = z.input<typeof CloseComplaintInputSchema>;

/** What a complaint may be linked to, searched by name or subject. */
export const RegisterLinksQuerySchema = z.object({ search: SearchQuerySchema });
export type RegisterLinksQuery = z.input<typeof RegisterLinksQuerySchema>;
export const RegisterLinksSchema = z.object({
  learners: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
  questions: z.array(
    z.object({
      id: z.uuid(),
      subject: z.string(),
      studentId: z.string(),
      studentName: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
  conversations: z.array(
    z.object({
      id: z.uuid(),
      studentId: z.string(),
      studentName: z.string(),
      trainerName: z.string(),
      lastMessageAt: z.iso.datetime().nullable(),
    }),
  ),
  /** Who may handle an entry or own an action: the organisation's staff (the platform's admins). */
  staff: z.array(z.object({ id: z.string(), fullName: z.string() })),
});
export type RegisterLinks = z.infer<typeof RegisterLinksSchema>;

// Improvement actions (indicator 32)

export const IMPROVEMENT_ORIGINS = [
  'complaint',
  'satisfaction_survey',
  'audit',
  'trainer_feedback',
  'learner_feedback',
  'watch',
  'other',
] as const;
export const ImprovementOriginSchema = z.enum(IMPROVEMENT_ORIGINS);
export type ImprovementOrigin = z.infer<typeof ImprovementOriginSchema>;

/** `done` and `abandoned` close the action, with its evidence. */
export const IMPROVEMENT_STATUSES = ['planned', 'in_progress', 'done', 'abandoned'] as const;
export const ImprovementStatusSchema = z.enum(IMPROVEMENT_STATUSES);
export type ImprovementStatus = z.infer<typeof ImprovementStatusSchema>;

export const IMPROVEMENT_SCOPES = ['organization', 'platform'] as const;
export type ImprovementScope = (typeof IMPROVEMENT_SCOPES)[number];

export const ImprovementSchema = z.object({
  id: z.uuid(),
  origin: ImprovementOriginSchema,
  complaintId: z.uuid().nullable(),
  complaintSubject: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  dueOn: Day.nullable(),
  status: ImprovementStatusSchema,
  closureNote: z.string().nullable(),
  closureFile: z.object({ id: z.uuid(), name: z.string(), url: z.string() }).nullable(),
  closedOn: Day.nullable(),
  /** Still open past its due day (Paris time), as the server counts it. */
  overdue: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Improvement = z.infer<typeof ImprovementSchema>;
export const ImprovementListSchema = paginated(ImprovementSchema);
export type ImprovementList = z.infer<typeof ImprovementListSchema>;

export const ImprovementListQuerySchema = PaginationQuerySchema.extend({
  search: SearchQuerySchema,
  status: ImprovementStatusSchema.optional(),
  origin: ImprovementOriginSchema.optional(),
  /** Only the open actions past their due day. */
  overdue: z.enum(['true']).optional(),
});
export type ImprovementListQuery = z.input<typeof ImprovementListQuerySchema>;

const improvementFields = {
  origin: ImprovementOriginSchema,
  /** With `origin: 'complaint'` only (a complaint of the organisation; the platform has none). */
  complaintId: z.uuid().nullable().optional(),
  title: text(200),
  description: text(5000),
  ownerId: UserIdSchema.nullable().optional(),
  dueOn: Day.nullable().optional(),
};

function complaintMatchesOrigin(
  value: { origin: ImprovementOrigin; complaintId?: string | null },
  context: z.core.$RefinementCtx,
) {
  if (value.complaintId && value.origin !== 'complaint')
    context.addIssue({ code: 'custom', path: ['complaintId'], message: 'only with origin complaint' });
}

export const CreateImprovementInputSchema = z.object(improvementFields).superRefine(complaintMatchesOrigin);
export type CreateImprovementInput = z.input<typeof CreateImprovementInputSchema>;

export const UpdateImprovementInputSchema = z
  .object({ ...improvementFields, status: z.enum(['planned', 'in_progress']) })
  .superRefine(complaintMatchesOrigin);
export type UpdateImprovementInput = z.input<typeof UpdateImprovementInputSchema>;

/** Closing: done or abandoned, with what shows it (a note, and a file uploaded through /api/files). */
export const CloseImprovementInputSchema = z.object({
  status: z.enum(['done', 'abandoned']),
  closureNote: text(5000),
  closureFileId: z.uuid().nullable().optional(),
  closedOn: Day.optional(),
});
export type CloseImprovementInput = z.input<typeof CloseImprovementInputSchema>;

// Watch registers (indicators 23, 24, 25)

/** 23 legal and regulatory, 24 jobs, skills and employment, 25 pedagogical and technological innovation. */
export const WATCH_INDICATORS = [23, 24, 25] as const;
export type WatchIndicator = (typeof WATCH_INDICATORS)[number];
export const WatchIndicatorSchema = z.union([z.literal(23), z.literal(24), z.literal(25)]);

export const WatchEntrySchema = z.object({
  id: z.uuid(),
  indicator: WatchIndicatorSchema,
  observedOn: Day,
  source: z.string(),
  summary: z.string(),
  /** What it changes for the organisation. */
  impact: z.string(),
  improvementId: z.uuid().nullable(),
  improvementTitle: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type WatchEntry = z.infer<typeof WatchEntrySchema>;
export const WatchEntryListSchema = paginated(WatchEntrySchema);
export type WatchEntryList = z.infer<typeof WatchEntryListSchema>;

export const WatchListQuerySchema = PaginationQuerySchema.extend({
  search: SearchQuerySchema,
  indicator: z.coerce.number().pipe(WatchIndicatorSchema).optional(),
});
export type WatchListQuery = z.input<typeof WatchListQuerySchema>;

export const WatchEntryInputSchema = z.object({
  indicator: WatchIndicatorSchema,
  observedOn: Day,
  source: text(300),
  summary: text(5000),
  impact: text(5000),
  /** One of the organisation's improvement actions. */
  improvementId: z.uuid().nullable().optional(),
});
export type WatchEntryInput = z.input<typeof WatchEntryInputSchema>;

const ORGANIZATION_REGISTERS = '/api/trainer/registers';
const PLATFORM_IMPROVEMENTS = '/api/admin/improvements';
const PLATFORM_ADMIN = { roles: ['admin'], scope: 'organization' } as const;

export const registerRoutes = {
  listComplaints: {
    method: 'GET',
    path: `${ORGANIZATION_REGISTERS}/complaints`,
    access: ORGANIZATION_STAFF,
    query: ComplaintListQuerySchema,
    response: ComplaintListSchema,
  },
  createComplaint: {
    method: 'POST',
    path: `${ORGANIZATION_REGISTERS}/complaints`,
    access: ORGANIZATION_STAFF,
    body: CreateComplaintInputSchema,
    response: ComplaintSchema,
  },
  updateComplaint: {
    method: 'PUT',
    path: `${ORGANIZATION_REGISTERS}/complaints/:id`,
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: UpdateComplaintInputSchema,
    response: ComplaintSchema,
  },
  closeComplaint: {
    method: 'POST',
    path: `${ORGANIZATION_REGISTERS}/complaints/:id/close`,
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: CloseComplaintInputSchema,
    response: ComplaintSchema,
  },
  /** The learners, questions, conversations and staff an entry may name. */
  links: {
    method: 'GET',
    path: `${ORGANIZATION_REGISTERS}/links`,
    access: ORGANIZATION_STAFF,
    query: RegisterLinksQuerySchema,
    response: RegisterLinksSchema,
  },
  listImprovements: {
    method: 'GET',
    path: `${ORGANIZATION_REGISTERS}/improvements`,
    access: ORGANIZATION_STAFF,
    query: ImprovementListQuerySchema,
    response: ImprovementListSchema,
  },
  createImprovement: {
    method: 'POST',
    path: `${ORGANIZATION_REGISTERS}/improvements`,
    access: ORGANIZATION_STAFF,
    body: CreateImprovementInputSchema,
    response: ImprovementSchema,
  },
  updateImprovement: {
    method: 'PUT',
    path: `${ORGANIZATION_REGISTERS}/improvements/:id`,
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: UpdateImprovementInputSchema,
    response: ImprovementSchema,
  },
  closeImprovement: {
    method: 'POST',
    path: `${ORGANIZATION_REGISTERS}/improvements/:id/close`,
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: CloseImprovementInputSchema,
    response: ImprovementSchema,
  },
  /** The platform's own improvement actions (no organisation's): admins only. */
  listPlatformImprovements: {
    method: 'GET',
    path: PLATFORM_IMPROVEMENTS,
    access: PLATFORM_ADMIN,
    query: ImprovementListQuerySchema,
    response: ImprovementListSchema,
  },
  createPlatformImprovement: {
    method: 'POST',
    path: PLATFORM_IMPROVEMENTS,
    access: PLATFORM_ADMIN,
    body: CreateImprovementInputSchema,
    response: ImprovementSchema,
  },
  updatePlatformImprovement: {
    method: 'PUT',
    path: `${PLATFORM_IMPROVEMENTS}/:id`,
    access: PLATFORM_ADMIN,
    params: IdParamsSchema,
    body: UpdateImprovementInputSchema,
    response: ImprovementSchema,
  },
  closePlatformImprovement: {
    method: 'POST',
    path: `${PLATFORM_IMPROVEMENTS}/:id/close`,
    access: PLATFORM_ADMIN,
    params: IdParamsSchema,
    body: CloseImprovementInputSchema,
    response: ImprovementSchema,
  },
  /** The platform's admins, who may own a platform action. */
  platformOwners: {
    method: 'GET',
    path: `${PLATFORM_IMPROVEMENTS}/owners`,
    access: PLATFORM_ADMIN,
    response: z.object({ items: z.array(z.object({ id: z.string(), fullName: z.string() })) }),
  },
  listWatch: {
    method: 'GET',
    path: `${ORGANIZATION_REGISTERS}/watch`,
    access: ORGANIZATION_STAFF,
    query: WatchListQuerySchema,
    response: WatchEntryListSchema,
  },
  createWatch: {
    method: 'POST',
    path: `${ORGANIZATION_REGISTERS}/watch`,
    access: ORGANIZATION_STAFF,
    body: WatchEntryInputSchema,
    response: WatchEntrySchema,
  },
  updateWatch: {
    method: 'PUT',
    path: `${ORGANIZATION_REGISTERS}/watch/:id`,
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: WatchEntryInputSchema,
    response: WatchEntrySchema,
  },
} as const satisfies Record<string, RouteContract>;
