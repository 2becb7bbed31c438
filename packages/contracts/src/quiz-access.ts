import { z } from 'zod';
import {
  EmailSchema,
  IdParamsSchema,
  OkSchema,
  ORGANIZATION_STAFF,
  type RouteContract,
  text,
} from './common.ts';
import { PaginationQuerySchema, paginated } from './pagination.ts';
import {
  AnswerSchema,
  AttemptQuestionSchema,
  MAX_QUIZ_QUESTIONS,
  QuestionTypeSchema,
  QuizIdParamsSchema,
} from './quizzes.ts';
import { LanguageSchema } from './roles.ts';

// Issue 13 points 3 and 4: quizzes answered without an account, through a public link or a
// positioning invitation, and what the trainer reads of them.

/** How long an invitation stays valid, in days, when the trainer names none, and the bounds. */
export const POSITIONING_VALIDITY_DAYS = { min: 1, max: 60, default: 14 } as const;
/** Lines one bulk send may hold: a training group, a cohort, a pasted export. */
export const POSITIONING_MAX_RECIPIENTS = 200;

export const GUEST_ATTEMPT_KINDS = ['public', 'positioning'] as const;
export const GuestAttemptKindSchema = z.enum(GUEST_ATTEMPT_KINDS);
export type GuestAttemptKind = z.infer<typeof GuestAttemptKindSchema>;

/** An invitation's state as the trainer sees it. */
export const POSITIONING_STATUSES = ['pending', 'answered', 'expired', 'revoked'] as const;
export const PositioningStatusSchema = z.enum(POSITIONING_STATUSES);
export type PositioningStatus = z.infer<typeof PositioningStatusSchema>;

/** A positioning link's token: 43 base64url characters (32 random bytes). */
export const PositioningTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** The answers a guest submits: one per question served, keyed by the question's id. */
export const GuestAnswersSchema = z
  .record(z.string().min(1).max(64), AnswerSchema)
  .refine((answers) => Object.keys(answers).length <= MAX_QUIZ_QUESTIONS, 'TOO_MANY_ANSWERS');

/**
 * A guest's result: the server's score of the answers it received (never the correct answers).
 * `timeOver`: sent after the time limit (and its grace), so no answer counted.
 */
export const GuestResultSchema = z.object({
  scorePoints: z.number(),
  maxPoints: z.number(),
  scorePercent: z.number().int().min(0).max(100),
  passed: z.boolean(),
  passingScore: z.number().int().min(0).max(100),
  submittedAt: z.iso.datetime({ offset: true }),
  timeOver: z.boolean(),
});
export type GuestResult = z.infer<typeof GuestResultSchema>;

/** An attempt begun: the questions to answer, as a learner sees them, and the server's deadline. */
export const GuestAttemptStartSchema = z.object({
  attemptId: z.uuid(),
  questions: z.array(AttemptQuestionSchema),
  startedAt: z.iso.datetime({ offset: true }),
  deadlineAt: z.iso.datetime({ offset: true }).nullable(),
  /** The server's clock, so a countdown does not trust the device's. */
  serverNow: z.iso.datetime({ offset: true }),
});
export type GuestAttemptStart = z.infer<typeof GuestAttemptStartSchema>;

// ---------------------------------------------------------------------------------------------
// Public quiz: /quiz/{quizId}/public
// ---------------------------------------------------------------------------------------------

/** What the public page shows before starting: nothing of the organisation beyond its name. */
export const PublicQuizSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  organizationName: z.string(),
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int().nullable(),
  passingScore: z.number().int().min(0).max(100),
});
export type PublicQuiz = z.infer<typeof PublicQuizSchema>;

/** SPEC: a public quiz asks for a name and an email before it starts. */
export const StartPublicAttemptInputSchema = z.object({ name: text(200), email: EmailSchema });
export type StartPublicAttemptInput = z.infer<typeof StartPublicAttemptInputSchema>;

export const PublicAttemptParamsSchema = z.object({ quizId: z.uuid(), attemptId: z.uuid() });
export const SubmitGuestAnswersInputSchema = z.object({ answers: GuestAnswersSchema });
export type SubmitGuestAnswersInput = z.infer<typeof SubmitGuestAnswersInputSchema>;

/** The trainer's switch for a quiz's public link. */
export const PublicLinkSchema = z.object({ quizId: z.uuid(), isEnabled: z.boolean() });
export type PublicLink = z.infer<typeof PublicLinkSchema>;
export const SetPublicLinkInputSchema = z.object({ isEnabled: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Positioning: /positioning/{token}
// ---------------------------------------------------------------------------------------------

/**
 * The token travels in the query or the body, never in an API path: request lines are logged with
 * their query values redacted (plugins/request-log.ts), paths in full.
 */
export const PositioningTokenQuerySchema = z.object({ token: PositioningTokenSchema });
export const StartPositioningInputSchema = z.object({ token: PositioningTokenSchema, name: text(200) });
export type StartPositioningInput = z.infer<typeof StartPositioningInputSchema>;
export const SubmitPositioningInputSchema = z.object({
  token: PositioningTokenSchema,
  answers: GuestAnswersSchema,
});
export type SubmitPositioningInput = z.infer<typeof SubmitPositioningInputSchema>;

/** What the invitation's page shows: who invites, for which formation, until when. */
export const PositioningInvitationViewSchema = z.object({
  organizationName: z.string(),
  courseTitle: z.string(),
  quizTitle: z.string(),
  quizDescription: z.string(),
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int().nullable(),
  email: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** An attempt begun earlier (a reload): the page resumes it instead of asking the name again. */
  attempt: GuestAttemptStartSchema.nullable(),
});
export type PositioningInvitationView = z.infer<typeof PositioningInvitationViewSchema>;

/** A positioning's respondent learns it was received, not their score: it is the trainer's reading. */
export const PositioningSubmittedSchema = z.object({
  submittedAt: z.iso.datetime({ offset: true }),
  timeOver: z.boolean(),
});

/**
 * A bulk send: one line per recipient, as typed or pasted from a spreadsheet. A line holds an
 * address, alone or with a name ("Anne Martin <anne@exemple.fr>", "Martin;Anne;anne@exemple.fr").
 */
export const SendPositioningInputSchema = z.object({
  quizId: z.uuid(),
  courseId: z.uuid(),
  lines: z.array(z.string().max(500)).min(1).max(POSITIONING_MAX_RECIPIENTS),
  validityDays: z
    .number()
    .int()
    .min(POSITIONING_VALIDITY_DAYS.min)
    .max(POSITIONING_VALIDITY_DAYS.max)
    .default(POSITIONING_VALIDITY_DAYS.default),
  language: LanguageSchema.default('fr'),
});
export type SendPositioningInput = z.input<typeof SendPositioningInputSchema>;

/**
 * Each line's outcome: `sent`; `replaced` (sent, and the earlier pending link of that address for
 * this formation and quiz no longer works); `invalid` (no address found); `duplicate` (the address
 * appears on an earlier line); `empty` (a blank line, skipped).
 */
export const SEND_LINE_STATUSES = ['sent', 'replaced', 'invalid', 'duplicate', 'empty'] as const;
export const SendLineResultSchema = z.object({
  line: z.number().int().min(1),
  input: z.string(),
  email: z.string().nullable(),
  status: z.enum(SEND_LINE_STATUSES),
});
export type SendLineResult = z.infer<typeof SendLineResultSchema>;
export const SendPositioningResultSchema = z.object({
  results: z.array(SendLineResultSchema),
  sentCount: z.number().int(),
});
export type SendPositioningResult = z.infer<typeof SendPositioningResultSchema>;

export const PositioningListQuerySchema = PaginationQuerySchema.extend({
  courseId: z.uuid().optional(),
  quizId: z.uuid().optional(),
  status: PositioningStatusSchema.optional(),
});
export type PositioningListQuery = z.infer<typeof PositioningListQuerySchema>;

/** One invitation in the trainer's list, with its attempt's result once answered. */
export const PositioningInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  quizId: z.uuid(),
  quizTitle: z.string(),
  status: PositioningStatusSchema,
  sentAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  answeredAt: z.iso.datetime({ offset: true }).nullable(),
  respondentName: z.string().nullable(),
  attemptId: z.uuid().nullable(),
  scorePercent: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  /** The learner's account, once one exists with this address. */
  student: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type PositioningInvitation = z.infer<typeof PositioningInvitationSchema>;
export const PositioningInvitationListSchema = paginated(PositioningInvitationSchema);

/** Per formation: how many were invited and answered, and how each question went. */
export const PositioningCourseReportSchema = z.object({
  courseId: z.uuid(),
  courseTitle: z.string(),
  counts: z.object({
    sent: z.number().int(),
    answered: z.number().int(),
    pending: z.number().int(),
    expired: z.number().int(),
  }),
  averagePercent: z.number().int().nullable(),
  questions: z.array(
    z.object({
      questionId: z.uuid(),
      text: z.string(),
      answered: z.number().int(),
      /** Share of the points earned on this question across the answers, 0 to 100. */
      successPercent: z.number().int().nullable(),
    }),
  ),
});
export type PositioningCourseReport = z.infer<typeof PositioningCourseReportSchema>;

export const StudentIdParamsSchema = z.object({ studentId: z.string().min(1).max(100) });
export const CourseIdParamsSchema = z.object({ courseId: z.uuid() });

/** Per learner: every positioning they answered for this organisation, with the detail. */
export const PositioningStudentReportSchema = z.object({
  student: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  items: z.array(PositioningInvitationSchema),
});
export type PositioningStudentReport = z.infer<typeof PositioningStudentReportSchema>;

// ---------------------------------------------------------------------------------------------
// Guests' attempts as the trainer reads them
// ---------------------------------------------------------------------------------------------

export const GuestAttemptListQuerySchema = PaginationQuerySchema.extend({ kind: GuestAttemptKindSchema });
export type GuestAttemptListQuery = z.infer<typeof GuestAttemptListQuerySchema>;

export const GuestAttemptSummarySchema = z.object({
  id: z.uuid(),
  kind: GuestAttemptKindSchema,
  respondentName: z.string(),
  respondentEmail: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  scorePercent: z.number().int().nullable(),
  passed: z.boolean().nullable(),
});
export type GuestAttemptSummary = z.infer<typeof GuestAttemptSummarySchema>;
export const GuestAttemptListSchema = paginated(GuestAttemptSummarySchema);

/**
 * One attempt with each question: what the guest answered (option texts, or the typed text), what
 * was expected, and the points earned. Staff only: it holds the correct answers.
 */
export const GuestAttemptDetailSchema = GuestAttemptSummarySchema.extend({
  quizId: z.uuid(),
  quizTitle: z.string(),
  scorePoints: z.number().nullable(),
  maxPoints: z.number(),
  questions: z.array(
    z.object({
      questionId: z.string(),
      type: QuestionTypeSchema,
      text: z.string(),
      given: z.array(z.string()),
      expected: z.array(z.string()),
      isCorrect: z.boolean().nullable(),
      pointsAwarded: z.number().nullable(),
      points: z.number(),
    }),
  ),
});
export type GuestAttemptDetail = z.infer<typeof GuestAttemptDetailSchema>;

export const quizAccessRoutes = {
  // Visitors
  getPublicQuiz: {
    method: 'GET',
    path: '/api/public/quizzes/:quizId',
    access: 'public',
    params: QuizIdParamsSchema,
    response: PublicQuizSchema,
  },
  startPublicAttempt: {
    method: 'POST',
    path: '/api/public/quizzes/:quizId/attempts',
    access: 'public',
    params: QuizIdParamsSchema,
    body: StartPublicAttemptInputSchema,
    response: GuestAttemptStartSchema,
  },
  submitPublicAttempt: {
    method: 'POST',
    path: '/api/public/quizzes/:quizId/attempts/:attemptId/submit',
    access: 'public',
    params: PublicAttemptParamsSchema,
    body: SubmitGuestAnswersInputSchema,
    response: GuestResultSchema,
  },
  getPositioning: {
    method: 'GET',
    path: '/api/public/positioning',
    access: 'public',
    query: PositioningTokenQuerySchema,
    response: PositioningInvitationViewSchema,
  },
  startPositioning: {
    method: 'POST',
    path: '/api/public/positioning/start',
    access: 'public',
    body: StartPositioningInputSchema,
    response: GuestAttemptStartSchema,
  },
  submitPositioning: {
    method: 'POST',
    path: '/api/public/positioning/submit',
    access: 'public',
    body: SubmitPositioningInputSchema,
    response: PositioningSubmittedSchema,
  },
  // Trainers
  getPublicLink: {
    method: 'GET',
    path: '/api/quizzes/:quizId/public-link',
    access: ORGANIZATION_STAFF,
    params: QuizIdParamsSchema,
    response: PublicLinkSchema,
  },
  setPublicLink: {
    method: 'PUT',
    path: '/api/quizzes/:quizId/public-link',
    access: ORGANIZATION_STAFF,
    params: QuizIdParamsSchema,
    body: SetPublicLinkInputSchema,
    response: PublicLinkSchema,
  },
  listGuestAttempts: {
    method: 'GET',
    path: '/api/quizzes/:quizId/guest-attempts',
    access: ORGANIZATION_STAFF,
    params: QuizIdParamsSchema,
    query: GuestAttemptListQuerySchema,
    response: GuestAttemptListSchema,
  },
  getGuestAttempt: {
    method: 'GET',
    path: '/api/guest-attempts/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: GuestAttemptDetailSchema,
  },
  sendPositioning: {
    method: 'POST',
    path: '/api/positioning/invitations',
    access: ORGANIZATION_STAFF,
    body: SendPositioningInputSchema,
    response: SendPositioningResultSchema,
  },
  listPositioning: {
    method: 'GET',
    path: '/api/positioning/invitations',
    access: ORGANIZATION_STAFF,
    query: PositioningListQuerySchema,
    response: PositioningInvitationListSchema,
  },
  revokePositioning: {
    method: 'POST',
    path: '/api/positioning/invitations/:id/revoke',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  courseReport: {
    method: 'GET',
    path: '/api/positioning/reports/courses/:courseId',
    access: ORGANIZATION_STAFF,
    params: CourseIdParamsSchema,
    response: PositioningCourseReportSchema,
  },
  studentReport: {
    method: 'GET',
    path: '/api/positioning/reports/students/:studentId',
    access: ORGANIZATION_STAFF,
    params: StudentIdParamsSchema,
    response: PositioningStudentReportSchema,
  },
} as const satisfies Record<string, RouteContract>;
