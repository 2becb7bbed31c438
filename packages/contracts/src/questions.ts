import { z } from 'zod';
import { IdParamsSchema, ORGANIZATION_STAFF, type RouteContract, STUDENT_OWN_DATA, text } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/** SPEC 3 question categories. */
export const QUESTION_CATEGORIES = ['general', 'pedagogy', 'technical', 'administrative'] as const;
export const QuestionCategorySchema = z.enum(QUESTION_CATEGORIES);
export type QuestionCategory = z.infer<typeof QuestionCategorySchema>;

/** SPEC 4: a question starts pending, then becomes answered or resolved. */
export const QUESTION_STATUSES = ['pending', 'answered', 'resolved'] as const;
export const QuestionStatusSchema = z.enum(QUESTION_STATUSES);
export type QuestionStatus = z.infer<typeof QuestionStatusSchema>;

/**
 * SPEC 3 and 5 leave the bounds out ("not shown"): a subject is a line, a message a few paragraphs
 * (docs/ARCHITECTURE.md, Questions). The database checks the same bounds.
 */
export const QUESTION_SUBJECT_MAX = 200;
export const QUESTION_MESSAGE_MAX = 5000;

/**
 * SPEC 2 hub tabs. For a trainer, `all` is SPEC 4's list (assigned to them, or unassigned and
 * pending); the others span the organisation: `pending`, `answered` (answered or resolved),
 * `assigned` (to any trainer), `mine` (assigned to the caller).
 */
export const QUESTION_HUB_TABS = ['all', 'pending', 'answered', 'assigned', 'mine'] as const;
export const QuestionHubTabSchema = z.enum(QUESTION_HUB_TABS);
export type QuestionHubTab = z.infer<typeof QuestionHubTabSchema>;

/** SPEC 9: the questions' queries stay fresh 60 s and are kept 5 minutes. */
export const QUESTIONS_STALE_TIME_MS = 60_000;
export const QUESTIONS_GC_TIME_MS = 5 * 60_000;

export const QuestionReplySchema = z.object({
  id: z.uuid(),
  questionId: z.uuid(),
  message: z.string(),
  responderId: z.string().nullable(),
  responderName: z.string(),
  /** Written by the learner who asked, rather than by the organisation's staff. */
  isFromStudent: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type QuestionReply = z.infer<typeof QuestionReplySchema>;

/** SPEC 3 student_questions, with the names the client shows (student_name and the rest). */
export const StudentQuestionSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  studentId: z.string(),
  studentName: z.string(),
  /** The trainer in charge, if one was assigned. */
  trainerId: z.string().nullable(),
  trainerName: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  category: QuestionCategorySchema,
  status: QuestionStatusSchema,
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  lessonId: z.uuid().nullable(),
  lessonTitle: z.string().nullable(),
  replyCount: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type StudentQuestion = z.infer<typeof StudentQuestionSchema>;

export const QuestionWithRepliesSchema = StudentQuestionSchema.extend({
  /** Oldest first, as a conversation reads. */
  replies: z.array(QuestionReplySchema),
});
export type QuestionWithReplies = z.infer<typeof QuestionWithRepliesSchema>;

/**
 * SPEC 5: subject and message non-empty once trimmed. The formation and lesson it is about are
 * optional (pre-filled from the page the learner is on); a lesson needs its formation.
 */
export const CreateQuestionInputSchema = z
  .object({
    subject: text(QUESTION_SUBJECT_MAX),
    message: text(QUESTION_MESSAGE_MAX),
    category: QuestionCategorySchema.default('general'),
    courseId: z.uuid().nullable().default(null),
    lessonId: z.uuid().nullable().default(null),
  })
  .refine((value) => value.lessonId === null || value.courseId !== null, {
    path: ['courseId'],
    message: 'required',
  });
export type CreateQuestionInput = z.input<typeof CreateQuestionInputSchema>;

export const QuestionReplyInputSchema = z.object({ message: text(QUESTION_MESSAGE_MAX) });
export type QuestionReplyInput = z.input<typeof QuestionReplyInputSchema>;

/** The learner's own questions: newest first, optionally one status and a search of the texts. */
export const MyQuestionsQuerySchema = PaginationQuerySchema.extend({
  status: QuestionStatusSchema.optional(),
  search: SearchQuerySchema,
});
export type MyQuestionsQuery = z.input<typeof MyQuestionsQuerySchema>;
export const MyQuestionListSchema = paginated(QuestionWithRepliesSchema);
export type MyQuestionList = z.infer<typeof MyQuestionListSchema>;

export const QuestionTrainerSchema = z.object({ id: z.string(), fullName: z.string() });
export type QuestionTrainer = z.infer<typeof QuestionTrainerSchema>;

/** `/questions-hub/{organizationId}` as the learner sees it: their organisation and its trainers. */
export const QuestionHubQuerySchema = z.object({ organizationId: z.uuid() });
export const QuestionHubSchema = z.object({
  organization: z.object({ id: z.uuid(), name: z.string() }),
  trainers: z.array(QuestionTrainerSchema),
});
export type QuestionHub = z.infer<typeof QuestionHubSchema>;

/** The trainers' hub; an admin names the organisation, a trainer reads their own. */
export const TrainerQuestionsQuerySchema = PaginationQuerySchema.extend({
  tab: QuestionHubTabSchema.default('all'),
  search: SearchQuerySchema,
  organizationId: z.uuid().optional(),
});
export type TrainerQuestionsQuery = z.input<typeof TrainerQuestionsQuerySchema>;
export const QuestionTabCountsSchema = z.object(
  Object.fromEntries(QUESTION_HUB_TABS.map((tab) => [tab, z.number().int().min(0)])) as Record<
    QuestionHubTab,
    z.ZodNumber
  >,
);
export const TrainerQuestionListSchema = paginated(StudentQuestionSchema).extend({
  /** How many questions each tab holds, the search applied. */
  counts: QuestionTabCountsSchema,
});
export type TrainerQuestionList = z.infer<typeof TrainerQuestionListSchema>;

export const QuestionTrainersQuerySchema = z.object({ organizationId: z.uuid().optional() });
export const QuestionTrainerListSchema = z.object({ items: z.array(QuestionTrainerSchema) });
export type QuestionTrainerList = z.infer<typeof QuestionTrainerListSchema>;

/**
 * A trainer's change: the status (any of the three), the trainer in charge (one of the question's
 * organisation, or null for nobody), or both.
 */
export const UpdateQuestionInputSchema = z
  .object({
    status: QuestionStatusSchema.optional(),
    trainerId: z.string().min(1).max(100).nullable().optional(),
  })
  .refine((value) => value.status !== undefined || value.trainerId !== undefined, {
    path: ['status'],
    message: 'required',
  });
export type UpdateQuestionInput = z.input<typeof UpdateQuestionInputSchema>;

export const questionRoutes = {
  /** SPEC 5: the learner needs an organisation (409 NO_ORGANIZATION); the staff are told. */
  create: {
    method: 'POST',
    path: '/api/student-questions',
    access: STUDENT_OWN_DATA,
    body: CreateQuestionInputSchema,
    response: QuestionWithRepliesSchema,
  },
  listMine: {
    method: 'GET',
    path: '/api/student-questions',
    access: STUDENT_OWN_DATA,
    query: MyQuestionsQuerySchema,
    response: MyQuestionListSchema,
  },
  /** Another organisation's id, or one that is not the learner's, answers 404 like an unknown one. */
  hub: {
    method: 'GET',
    path: '/api/student-questions/hub',
    access: STUDENT_OWN_DATA,
    query: QuestionHubQuerySchema,
    response: QuestionHubSchema,
  },
  /** One of the learner's own questions; anyone else's answers 404. */
  getMine: {
    method: 'GET',
    path: '/api/student-questions/:id',
    access: STUDENT_OWN_DATA,
    params: IdParamsSchema,
    response: QuestionWithRepliesSchema,
  },
  /** The learner follows up on their own question; the trainer in charge (or the staff) is told. */
  replyAsStudent: {
    method: 'POST',
    path: '/api/student-questions/:id/replies',
    access: STUDENT_OWN_DATA,
    params: IdParamsSchema,
    body: QuestionReplyInputSchema,
    response: QuestionWithRepliesSchema,
  },
  listForTrainer: {
    method: 'GET',
    path: '/api/trainer/student-questions',
    access: ORGANIZATION_STAFF,
    query: TrainerQuestionsQuerySchema,
    response: TrainerQuestionListSchema,
  },
  /** Who a question may be assigned to: the organisation's trainers. */
  listTrainers: {
    method: 'GET',
    path: '/api/trainer/student-questions/trainers',
    access: ORGANIZATION_STAFF,
    query: QuestionTrainersQuerySchema,
    response: QuestionTrainerListSchema,
  },
  getForTrainer: {
    method: 'GET',
    path: '/api/trainer/student-questions/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: QuestionWithRepliesSchema,
  },
  /** The learner is told; the question becomes answered unless it was resolved. */
  replyAsTrainer: {
    method: 'POST',
    path: '/api/trainer/student-questions/:id/replies',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: QuestionReplyInputSchema,
    response: QuestionWithRepliesSchema,
  },
  /** Status and assignment; a trainer assigned by someone else is told. */
  update: {
    method: 'PATCH',
    path: '/api/trainer/student-questions/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: UpdateQuestionInputSchema,
    response: QuestionWithRepliesSchema,
  },
} as const satisfies Record<string, RouteContract>;
