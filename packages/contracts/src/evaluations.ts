import { z } from 'zod';
import {
  EmailSchema,
  hasNoNul,
  IdParamsSchema,
  NO_NUL,
  OkSchema,
  ORGANIZATION_STAFF,
  type RouteContract,
  STUDENT_OWN_DATA,
  text,
} from './common.ts';
import { PaginationQuerySchema, paginated, QueryBooleanSchema, SearchQuerySchema } from './pagination.ts';
import type { Language } from './roles.ts';

/**
 * Custom evaluations (issue 16 point 5, Qualiopi indicator 30): questionnaires written by the
 * organisation, sent automatically to learners at the end of a formation ('à chaud') and weeks
 * later ('à froid'), or sent by a trainer to funders, companies or trainers (surveys).
 */
export const EVALUATION_AUDIENCES = ['learners', 'funders', 'companies', 'trainers'] as const;
export const EvaluationAudienceSchema = z.enum(EVALUATION_AUDIENCES);
export type EvaluationAudience = z.infer<typeof EvaluationAudienceSchema>;

export const EVALUATION_KINDS = ['hot', 'cold', 'survey'] as const;
export const EvaluationKindSchema = z.enum(EVALUATION_KINDS);
export type EvaluationKind = z.infer<typeof EvaluationKindSchema>;

export const EVALUATION_QUESTION_TYPES = ['rating', 'single', 'multiple', 'text', 'yesno'] as const;
export const EvaluationQuestionTypeSchema = z.enum(EVALUATION_QUESTION_TYPES);
export type EvaluationQuestionType = z.infer<typeof EvaluationQuestionTypeSchema>;

/** Weeks after completion before a cold questionnaire goes out, when the trainer keeps the default. */
export const DEFAULT_COLD_DELAY_WEEKS = 8;
/** Reminders of an unanswered questionnaire: days after it was sent, at most two (issue 16). */
export const EVALUATION_REMINDER_DAYS = [3, 7] as const;

export const EVALUATION_LIMITS = {
  questions: 50,
  options: 20,
  /** Recipients of one manual send. */
  recipients: 200,
  textAnswer: 5000,
} as const;

/** A question's id is made by the builder and kept while it is edited, so answers stay attached. */
export const EvaluationQuestionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'invalid id' });

const CHOICE_TYPES: readonly EvaluationQuestionType[] = ['single', 'multiple'];

export const EvaluationQuestionSchema = z
  .object({
    id: EvaluationQuestionIdSchema,
    type: EvaluationQuestionTypeSchema,
    label: text(500),
    required: z.boolean(),
    /** The choices of a single or multiple choice question; empty for the others. */
    options: z.array(text(200)).max(EVALUATION_LIMITS.options).default([]),
  })
  .superRefine((question, context) => {
    const isChoice = CHOICE_TYPES.includes(question.type);
    if (isChoice && question.options.length < 2) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'at least 2 options' });
    }
    if (!isChoice && question.options.length > 0) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'no options for this type' });
    }
    if (new Set(question.options).size !== question.options.length) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'duplicate option' });
    }
  });
export type EvaluationQuestion = z.infer<typeof EvaluationQuestionSchema>;
export type EvaluationQuestionInput = z.input<typeof EvaluationQuestionSchema>;

export const SaveQuestionnaireInputSchema = z
  .object({
    title: text(200),
    description: z.string().trim().max(2000).refine(hasNoNul, NO_NUL).default(''),
    audience: EvaluationAudienceSchema,
    kind: EvaluationKindSchema,
    /** The formation it is about; for a learners' hot or cold questionnaire, null means every formation. */
    courseId: z.uuid().nullable().default(null),
    coldDelayWeeks: z.number().int().min(1).max(104).default(DEFAULT_COLD_DELAY_WEEKS),
    questions: z.array(EvaluationQuestionSchema).min(1).max(EVALUATION_LIMITS.questions),
  })
  .superRefine((input, context) => {
    // Hot and cold questionnaires follow a learner's completion: only learners have one.
    if (input.kind !== 'survey' && input.audience !== 'learners') {
      context.addIssue({ code: 'custom', path: ['audience'], message: 'hot and cold go to learners' });
    }
    const ids = input.questions.map((question) => question.id);
    if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: 'custom', path: ['questions'], message: 'duplicate question id' });
    }
  });
export type SaveQuestionnaireInput = z.input<typeof SaveQuestionnaireInputSchema>;

export const QuestionnaireSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  audience: EvaluationAudienceSchema,
  kind: EvaluationKindSchema,
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  coldDelayWeeks: z.number().int(),
  questionCount: z.number().int(),
  invited: z.number().int().min(0),
  answered: z.number().int().min(0),
  archivedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type QuestionnaireSummary = z.infer<typeof QuestionnaireSummarySchema>;

export const QuestionnaireSchema = QuestionnaireSummarySchema.extend({
  description: z.string(),
  questions: z.array(EvaluationQuestionSchema),
});
export type Questionnaire = z.infer<typeof QuestionnaireSchema>;

export const QuestionnaireListQuerySchema = PaginationQuerySchema.extend({
  archived: QueryBooleanSchema.default(false),
  kind: EvaluationKindSchema.optional(),
  search: SearchQuerySchema,
});
export type QuestionnaireListQuery = z.input<typeof QuestionnaireListQuerySchema>;
export const QuestionnaireListSchema = paginated(QuestionnaireSummarySchema);
export type QuestionnaireList = z.infer<typeof QuestionnaireListSchema>;

export const ArchiveQuestionnaireInputSchema = z.object({ archived: z.boolean() });

export const SendSurveyInputSchema = z.object({
  recipients: z
    .array(
      z.object({ email: EmailSchema, name: z.string().trim().max(200).refine(hasNoNul, NO_NUL).default('') }),
    )
    .min(1)
    .max(EVALUATION_LIMITS.recipients),
  language: z.enum(['fr', 'en']).default('fr'),
});
export type SendSurveyInput = z.input<typeof SendSurveyInputSchema>;
export const SendSurveyResultSchema = z.object({
  sent: z.number().int().min(0),
  /** Addresses that already had this questionnaire: not sent again. */
  skipped: z.array(z.string()),
});
export type SendSurveyResult = z.infer<typeof SendSurveyResultSchema>;

export const INVITATION_STATUSES = ['pending', 'answered'] as const;
export const InvitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

export const InvitationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  studentId: z.string().nullable(),
  courseTitle: z.string().nullable(),
  status: InvitationStatusSchema,
  sentAt: z.iso.datetime(),
  remindersSent: z.number().int().min(0),
  answeredAt: z.iso.datetime().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListQuerySchema = PaginationQuerySchema.extend({
  status: InvitationStatusSchema.optional(),
});
export type InvitationListQuery = z.input<typeof InvitationListQuerySchema>;
export const InvitationListSchema = paginated(InvitationSchema);
export type InvitationList = z.infer<typeof InvitationListSchema>;

const isoDay = z.iso.date();
export const EvaluationResultsQuerySchema = z
  .object({
    courseId: z.uuid().optional(),
    /** Answers given from this day (inclusive, UTC) to that one (inclusive). */
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'before from',
  });
export type EvaluationResultsQuery = z.input<typeof EvaluationResultsQuerySchema>;

export const QuestionResultSchema = z.object({
  id: z.string(),
  type: EvaluationQuestionTypeSchema,
  label: z.string(),
  /** How many responses answered it. */
  answered: z.number().int().min(0),
  /** Ratings: how many gave 1, 2, 3, 4, 5 (index 0 is 1). */
  ratingCounts: z.array(z.number().int()).length(5).nullable(),
  average: z.number().nullable(),
  /** Choices and yes/no: each option and how many chose it, in the question's order. */
  optionCounts: z.array(z.object({ option: z.string(), count: z.number().int() })).nullable(),
  /** Free text: the newest answers (at most 200). */
  texts: z.array(z.string()).nullable(),
});
export type QuestionResult = z.infer<typeof QuestionResultSchema>;

export const EvaluationResultsSchema = z.object({
  invited: z.number().int().min(0),
  answered: z.number().int().min(0),
  /** answered / invited, 0 to 1; null before anyone was invited. */
  responseRate: z.number().nullable(),
  /** Mean of every 1–5 rating given, over all rating questions. */
  averageRating: z.number().nullable(),
  questions: z.array(QuestionResultSchema),
});
export type EvaluationResults = z.infer<typeof EvaluationResultsSchema>;

/** The tokens mailed in answering links: 43 base64url characters (32 random bytes). */
export const EvaluationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'invalid token' });
export const EvaluationTokenParamsSchema = z.object({ token: EvaluationTokenSchema });

/** The answering page's path for a token (the emailed link). */
export function evaluationAnswerPath(token: string): string {
  return `/evaluations/answer/${token}`;
}

/** What a respondent sees: the questionnaire, never who else answered. */
export const EvaluationFormSchema = z.object({
  invitationId: z.uuid(),
  title: z.string(),
  description: z.string(),
  organizationName: z.string(),
  courseTitle: z.string().nullable(),
  questions: z.array(EvaluationQuestionSchema),
});
export type EvaluationForm = z.infer<typeof EvaluationFormSchema>;

/**
 * One answer: a rating 1–5, the option chosen, the options chosen, a text or yes/no. The server
 * checks each against its question's type and options.
 */
export const EvaluationAnswerValueSchema = z.union([
  z.number(),
  z.boolean(),
  z.string().max(EVALUATION_LIMITS.textAnswer).refine(hasNoNul, NO_NUL),
  z.array(z.string().max(200)).max(EVALUATION_LIMITS.options),
]);
export type EvaluationAnswerValue = z.infer<typeof EvaluationAnswerValueSchema>;
export const SubmitEvaluationInputSchema = z.object({
  answers: z.record(EvaluationQuestionIdSchema, EvaluationAnswerValueSchema),
});
export type SubmitEvaluationInput = z.infer<typeof SubmitEvaluationInputSchema>;

export const MyEvaluationsSchema = z.object({ items: z.array(EvaluationFormSchema) });
export type MyEvaluations = z.infer<typeof MyEvaluationsSchema>;

/** Public answering reads and writes per IP and 15 minutes: a class on one network, not a script. */
export const EVALUATION_PUBLIC_LIMIT = { max: 300, windowMs: 15 * 60 * 1000 } as const;

/** A ready questionnaire the trainer starts from, in the language they choose. */
export interface EvaluationTemplate {
  kind: 'hot' | 'cold';
  title: string;
  description: string;
  questions: EvaluationQuestion[];
}

const rating = (id: string, label: string): EvaluationQuestion => ({
  id,
  type: 'rating',
  label,
  required: true,
  options: [],
});

/** Issue 16: a hot and a cold satisfaction questionnaire in French and English. */
export const EVALUATION_TEMPLATES: Record<Language, readonly EvaluationTemplate[]> = {
  fr: [
    {
      kind: 'hot',
      title: 'Satisfaction à chaud',
      description: 'Votre avis sur la formation que vous venez de terminer. Merci de prendre 3 minutes.',
      questions: [
        rating('overall', 'Globalement, êtes-vous satisfait(e) de la formation ?'),
        rating('objectives', 'Les objectifs annoncés ont-ils été atteints ?'),
        rating('trainer', 'Comment évaluez-vous la pédagogie du formateur ?'),
        rating('materials', 'Les supports et ressources étaient-ils adaptés ?'),
        {
          id: 'pace',
          type: 'single',
          label: 'Le rythme de la formation était…',
          required: true,
          options: ['Trop lent', 'Adapté', 'Trop rapide'],
        },
        {
          id: 'recommend',
          type: 'yesno',
          label: 'Recommanderiez-vous cette formation ?',
          required: true,
          options: [],
        },
        {
          id: 'comments',
          type: 'text',
          label: 'Vos suggestions d’amélioration',
          required: false,
          options: [],
        },
      ],
    },
    {
      kind: 'cold',
      title: 'Satisfaction à froid',
      description: 'Quelques semaines après la formation, qu’en avez-vous retiré ?',
      questions: [
        rating('overall', 'Avec le recul, êtes-vous satisfait(e) de la formation ?'),
        rating('applied', 'Mettez-vous en pratique ce que vous avez appris ?'),
        {
          id: 'impact',
          type: 'multiple',
          label: 'Qu’a changé la formation pour vous ?',
          required: false,
          options: [
            'Nouvelles compétences',
            'Gain de temps',
            'Évolution professionnelle',
            'Confiance en soi',
            'Rien de notable',
          ],
        },
        {
          id: 'recommend',
          type: 'yesno',
          label: 'Recommanderiez-vous cette formation ?',
          required: true,
          options: [],
        },
        { id: 'comments', type: 'text', label: 'Un commentaire ?', required: false, options: [] },
      ],
    },
  ],
  en: [
    {
      kind: 'hot',
      title: 'End-of-course satisfaction',
      description: 'Your opinion of the course you have just finished. It takes 3 minutes.',
      questions: [
        rating('overall', 'Overall, how satisfied are you with the course?'),
        rating('objectives', 'Were the stated objectives met?'),
        rating('trainer', 'How do you rate the trainer’s teaching?'),
        rating('materials', 'Were the materials and resources suitable?'),
        {
          id: 'pace',
          type: 'single',
          label: 'The pace of the course was…',
          required: true,
          options: ['Too slow', 'About right', 'Too fast'],
        },
        {
          id: 'recommend',
          type: 'yesno',
          label: 'Would you recommend this course?',
          required: true,
          options: [],
        },
        {
          id: 'comments',
          type: 'text',
          label: 'Your suggestions for improvement',
          required: false,
          options: [],
        },
      ],
    },
    {
      kind: 'cold',
      title: 'Follow-up satisfaction',
      description: 'A few weeks after the course, what did you take from it?',
      questions: [
        rating('overall', 'Looking back, how satisfied are you with the course?'),
        rating('applied', 'Do you put what you learned into practice?'),
        {
          id: 'impact',
          type: 'multiple',
          label: 'What did the course change for you?',
          required: false,
          options: ['New skills', 'Time saved', 'Career progress', 'Self-confidence', 'Nothing notable'],
        },
        {
          id: 'recommend',
          type: 'yesno',
          label: 'Would you recommend this course?',
          required: true,
          options: [],
        },
        { id: 'comments', type: 'text', label: 'Any comment?', required: false, options: [] },
      ],
    },
  ],
};

export const evaluationRoutes = {
  list: {
    method: 'GET',
    path: '/api/trainer/evaluations',
    access: ORGANIZATION_STAFF,
    query: QuestionnaireListQuerySchema,
    response: QuestionnaireListSchema,
  },
  create: {
    method: 'POST',
    path: '/api/trainer/evaluations',
    access: ORGANIZATION_STAFF,
    body: SaveQuestionnaireInputSchema,
    response: QuestionnaireSchema,
  },
  get: {
    method: 'GET',
    path: '/api/trainer/evaluations/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: QuestionnaireSchema,
  },
  /** Answers already given stay attached to the questions kept (by id). */
  update: {
    method: 'PUT',
    path: '/api/trainer/evaluations/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: SaveQuestionnaireInputSchema,
    response: QuestionnaireSchema,
  },
  duplicate: {
    method: 'POST',
    path: '/api/trainer/evaluations/:id/duplicate',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: QuestionnaireSchema,
  },
  /** An archived questionnaire is no longer sent, automatically or by hand; its results stay. */
  archive: {
    method: 'POST',
    path: '/api/trainer/evaluations/:id/archive',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: ArchiveQuestionnaireInputSchema,
    response: QuestionnaireSchema,
  },
  /** Surveys only: each address gets its own single-use link; 409 EVALUATION_NOT_SENDABLE otherwise. */
  send: {
    method: 'POST',
    path: '/api/trainer/evaluations/:id/send',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: SendSurveyInputSchema,
    response: SendSurveyResultSchema,
  },
  invitations: {
    method: 'GET',
    path: '/api/trainer/evaluations/:id/invitations',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    query: InvitationListQuerySchema,
    response: InvitationListSchema,
  },
  results: {
    method: 'GET',
    path: '/api/trainer/evaluations/:id/results',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    query: EvaluationResultsQuerySchema,
    response: EvaluationResultsSchema,
  },
  /** One line per response, one column per question (French Excel's CSV). */
  exportResults: {
    method: 'GET',
    path: '/api/trainer/evaluations/:id/results/export',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    query: EvaluationResultsQuerySchema,
    response: z.string(),
  },
  /** The learner's questionnaires waiting for an answer. */
  listMine: {
    method: 'GET',
    path: '/api/evaluations/mine',
    access: STUDENT_OWN_DATA,
    response: MyEvaluationsSchema,
  },
  answerMine: {
    method: 'POST',
    path: '/api/evaluations/mine/:id',
    access: STUDENT_OWN_DATA,
    params: IdParamsSchema,
    body: SubmitEvaluationInputSchema,
    response: OkSchema,
  },
  /** Anyone holding the link, rate limited per IP; 404 EVALUATION_LINK_INVALID, 409 EVALUATION_ALREADY_ANSWERED. */
  view: {
    method: 'GET',
    path: '/api/public/evaluations/:token',
    access: 'public',
    params: EvaluationTokenParamsSchema,
    response: EvaluationFormSchema,
  },
  answer: {
    method: 'POST',
    path: '/api/public/evaluations/:token',
    access: 'public',
    params: EvaluationTokenParamsSchema,
    body: SubmitEvaluationInputSchema,
    response: OkSchema,
  },
} as const satisfies Record<string, RouteContract>;
