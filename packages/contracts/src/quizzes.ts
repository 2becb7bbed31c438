import { z } from 'zod';
import {
  IdParamsSchema,
  OkSchema,
  ORGANIZATION_STAFF,
  type RouteContract,
  STUDENT_OWN_DATA,
  text,
} from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

// ---------------------------------------------------------------------------------------------
// Questions (the organisation's bank) and their categories
// ---------------------------------------------------------------------------------------------

export const QUESTION_TYPES = ['single_choice', 'multiple_choice', 'true_false', 'short_answer'] as const;
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

/** The two options of a true/false question, by id: the client shows them in the reader's language. */
export const TRUE_FALSE_OPTION_IDS = ['true', 'false'] as const;

export const MAX_QUESTION_OPTIONS = 10;
export const MAX_ACCEPTED_ANSWERS = 10;
export const MAX_QUESTION_POINTS = 100;
/** Questions one quiz may ask (fixed plus drawn). */
export const MAX_QUIZ_QUESTIONS = 100;
/** The most text an import may carry (characters). */
export const MAX_IMPORT_LENGTH = 500_000;

/** An option id is chosen by the client for new options (stable once saved, answers name it). */
const OptionIdSchema = z.string().trim().min(1).max(40);

export const QuestionOptionInputSchema = z.object({
  id: OptionIdSchema,
  text: text(500),
  isCorrect: z.boolean(),
});
export type QuestionOptionInput = z.infer<typeof QuestionOptionInputSchema>;

/**
 * A question as a trainer writes it. Single choice: 2 to 10 options, exactly one correct. Multiple
 * choice: 2 to 10 options, at least one correct. True/false: the options `true` and `false`, one
 * correct. Short answer: no options, 1 to 10 accepted answers (compared ignoring case and accents).
 */
const QuestionFieldsSchema = z.object({
  type: QuestionTypeSchema,
  text: text(2000),
  options: z.array(QuestionOptionInputSchema).max(MAX_QUESTION_OPTIONS).default([]),
  acceptedAnswers: z.array(text(200)).max(MAX_ACCEPTED_ANSWERS).default([]),
  explanation: z.string().trim().max(2000).default(''),
  points: z.number().int().min(0).max(MAX_QUESTION_POINTS).default(1),
  categoryId: z.uuid().nullable().default(null),
});

const checkQuestion = (question: z.output<typeof QuestionFieldsSchema>, context: z.RefinementCtx) => {
  const problem = questionProblem(question);
  if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
};

export const QuestionInputSchema = QuestionFieldsSchema.superRefine(checkQuestion);
export type QuestionInput = z.input<typeof QuestionInputSchema>;

/** Why a question cannot be saved as it is, or null: shared by the form, the import and the API. */
export function questionProblem(question: {
  type: QuestionType;
  options: { id: string; isCorrect: boolean }[];
  acceptedAnswers: string[];
}): { path: 'options' | 'acceptedAnswers'; message: string } | null {
  const { type, options, acceptedAnswers } = question;
  const correct = options.filter((option) => option.isCorrect).length;
  if (new Set(options.map((option) => option.id)).size !== options.length)
    return { path: 'options', message: 'DUPLICATE_OPTION' };
  if (type === 'short_answer') {
    if (options.length > 0) return { path: 'options', message: 'NO_OPTIONS_EXPECTED' };
    if (acceptedAnswers.length === 0) return { path: 'acceptedAnswers', message: 'ACCEPTED_ANSWER_REQUIRED' };
    return null;
  }
  if (acceptedAnswers.length > 0) return { path: 'acceptedAnswers', message: 'NO_ACCEPTED_ANSWERS_EXPECTED' };
  if (type === 'true_false') {
    const ids = options.map((option) => option.id).sort();
    if (ids.join() !== 'false,true') return { path: 'options', message: 'TRUE_FALSE_OPTIONS' };
  }
  if (options.length < 2) return { path: 'options', message: 'TWO_OPTIONS_REQUIRED' };
  if (type === 'multiple_choice' ? correct < 1 : correct !== 1)
    return {
      path: 'options',
      message: type === 'multiple_choice' ? 'CORRECT_OPTION_REQUIRED' : 'ONE_CORRECT_OPTION',
    };
  return null;
}

export const QuestionSchema = z.object({
  id: z.uuid(),
  type: QuestionTypeSchema,
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string(), isCorrect: z.boolean() })),
  acceptedAnswers: z.array(z.string()),
  explanation: z.string(),
  points: z.number().int().min(0),
  categoryId: z.uuid().nullable(),
  categoryName: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionListQuerySchema = PaginationQuerySchema.extend({
  search: SearchQuerySchema,
  categoryId: z.uuid().optional(),
});
export type QuestionListQuery = z.input<typeof QuestionListQuerySchema>;
export const QuestionListSchema = paginated(QuestionSchema);
export type QuestionList = z.infer<typeof QuestionListSchema>;

export const CategoryInputSchema = z.object({ name: text(100) });
export type CategoryInput = z.infer<typeof CategoryInputSchema>;
export const CategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  questionCount: z.number().int().min(0),
});
export type Category = z.infer<typeof CategorySchema>;
export const CategoryListSchema = z.object({ items: z.array(CategorySchema) });
export type CategoryList = z.infer<typeof CategoryListSchema>;

// ---------------------------------------------------------------------------------------------
// Import and export of questions (formats trainers already have)
// ---------------------------------------------------------------------------------------------

/**
 * `gift`: Moodle's GIFT text (`::title:: question {=right ~wrong}`, `{T}`/`{F}`, `{=a =b}` short
 * answers, `~%50%` weights read as correct). `aiken`: Moodle's Aiken (options `A)`, `ANSWER: B`).
 * `csv`: one question a line, `;` or `,` separated, header `type;question;points;answers;correct`
 * where answers are `|`-separated and correct names them by number (1-based, `|`-separated) or,
 * for a short answer, lists the accepted texts; true/false takes `true` or `false`.
 */
export const QUESTION_FORMATS = ['gift', 'aiken', 'csv'] as const;
export const QuestionFormatSchema = z.enum(QUESTION_FORMATS);
export type QuestionFormat = z.infer<typeof QuestionFormatSchema>;

export const ImportQuestionsInputSchema = z.object({
  format: QuestionFormatSchema,
  content: z.string().min(1).max(MAX_IMPORT_LENGTH),
  categoryId: z.uuid().nullable().default(null),
  /** true: check and count only, nothing is saved (the preview before importing). */
  dryRun: z.boolean().default(false),
});
export type ImportQuestionsInput = z.input<typeof ImportQuestionsInputSchema>;

/** What an import read: the questions it kept and, per rejected block, its line and reason. */
export const ImportQuestionsResultSchema = z.object({
  importedCount: z.number().int().min(0),
  questions: z.array(z.object({ type: QuestionTypeSchema, text: z.string() })),
  errors: z.array(z.object({ line: z.number().int().min(1), reason: z.string() })),
});
export type ImportQuestionsResult = z.infer<typeof ImportQuestionsResultSchema>;

export const ExportQuestionsQuerySchema = z.object({
  format: QuestionFormatSchema,
  categoryId: z.uuid().optional(),
  quizId: z.uuid().optional(),
});
export type ExportQuestionsQuery = z.input<typeof ExportQuestionsQuerySchema>;
/** Aiken has no true/false nor short answer: those are left out and counted in `skippedCount`. */
export const ExportQuestionsResultSchema = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  content: z.string(),
  exportedCount: z.number().int().min(0),
  skippedCount: z.number().int().min(0),
});
export type ExportQuestionsResult = z.infer<typeof ExportQuestionsResultSchema>;

// ---------------------------------------------------------------------------------------------
// Quizzes (SPEC 3 "Quiz"), trainer side
// ---------------------------------------------------------------------------------------------

/** SPEC 3: passing score as a percentage. */
export const DEFAULT_PASSING_SCORE = 70;
export const MAX_TIME_LIMIT_MINUTES = 600;
export const MAX_QUIZ_ATTEMPTS = 100;

/**
 * A question of a quiz: an existing bank question by `id` (its text and answers updated in the
 * bank, so every quiz using it changes), or a new one (no `id`), added to the bank.
 */
export const QuizQuestionInputSchema = QuestionFieldsSchema.extend({ id: z.uuid().optional() }).superRefine(
  checkQuestion,
);
export type QuizQuestionInput = z.input<typeof QuizQuestionInputSchema>;

export const QuizDrawInputSchema = z.object({
  categoryId: z.uuid(),
  questionCount: z.number().int().min(1).max(MAX_QUIZ_QUESTIONS),
});
export type QuizDrawInput = z.infer<typeof QuizDrawInputSchema>;

/**
 * The whole quiz as its editor saves it. `moduleId` must be a module of `courseId`;
 * `groupSessionId` a group session of the quiz's organisation (its invited learners take it once the
 * session has started, formation or not). `maxAttempts`
 * null lets the learner retake as often as they like; 1 forbids retakes. `timeLimitMinutes` null:
 * no limit. At least one question, fixed or drawn.
 */
export const QuizInputSchema = z
  .object({
    title: text(200),
    description: z.string().trim().max(5000).default(''),
    passingScore: z.number().int().min(0).max(100).default(DEFAULT_PASSING_SCORE),
    isActive: z.boolean().default(true),
    dueAt: z.iso.datetime({ offset: true }).nullable().default(null),
    timeLimitMinutes: z.number().int().min(1).max(MAX_TIME_LIMIT_MINUTES).nullable().default(null),
    courseId: z.uuid().nullable().default(null),
    moduleId: z.uuid().nullable().default(null),
    groupSessionId: z.uuid().nullable().default(null),
    shuffleQuestions: z.boolean().default(false),
    shuffleOptions: z.boolean().default(false),
    maxAttempts: z.number().int().min(1).max(MAX_QUIZ_ATTEMPTS).nullable().default(null),
    showCorrectAnswers: z.boolean().default(true),
    questions: z.array(QuizQuestionInputSchema).max(MAX_QUIZ_QUESTIONS).default([]),
    draws: z.array(QuizDrawInputSchema).max(20).default([]),
  })
  .superRefine((quiz, context) => {
    if (quiz.moduleId && !quiz.courseId)
      context.addIssue({ code: 'custom', message: 'COURSE_REQUIRED', path: ['courseId'] });
    if (quiz.questions.length + quiz.draws.length === 0)
      context.addIssue({ code: 'custom', message: 'QUESTION_REQUIRED', path: ['questions'] });
    const ids = quiz.questions.flatMap((question) => (question.id ? [question.id] : []));
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: 'custom', message: 'DUPLICATE_QUESTION', path: ['questions'] });
  });
export type QuizInput = z.input<typeof QuizInputSchema>;

const quizSettings = {
  id: z.uuid(),
  organizationId: z.uuid(),
  title: z.string(),
  description: z.string(),
  passingScore: z.number().int().min(0).max(100),
  isActive: z.boolean(),
  dueAt: z.iso.datetime().nullable(),
  timeLimitMinutes: z.number().int().nullable(),
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  moduleId: z.uuid().nullable(),
  moduleTitle: z.string().nullable(),
  groupSessionId: z.uuid().nullable(),
  groupSessionTitle: z.string().nullable(),
  maxAttempts: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/** A quiz in the trainer's and the admin's lists. `questionCount` counts fixed and drawn questions. */
export const QuizSummarySchema = z.object({
  ...quizSettings,
  organizationName: z.string(),
  questionCount: z.number().int().min(0),
  attemptCount: z.number().int().min(0),
});
export type QuizSummary = z.infer<typeof QuizSummarySchema>;

export const QuizDetailSchema = z.object({
  ...quizSettings,
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  showCorrectAnswers: z.boolean(),
  questions: z.array(QuestionSchema),
  draws: z.array(
    z.object({
      categoryId: z.uuid(),
      categoryName: z.string(),
      questionCount: z.number().int().min(1),
      /** How many questions the category holds now: a draw asks at most that many. */
      availableCount: z.number().int().min(0),
    }),
  ),
});
export type QuizDetail = z.infer<typeof QuizDetailSchema>;

/**
 * Trainers list their organisation's quizzes, admins every organisation's (`/admin/quizzes`),
 * optionally narrowed to one organisation or one formation.
 */
export const QuizListQuerySchema = PaginationQuerySchema.extend({
  search: SearchQuerySchema,
  courseId: z.uuid().optional(),
  organizationId: z.uuid().optional(),
});
export type QuizListQuery = z.input<typeof QuizListQuerySchema>;
export const QuizListSchema = paginated(QuizSummarySchema);
export type QuizList = z.infer<typeof QuizListSchema>;

/** The trainer's view of results: every submitted attempt of a quiz, newest first. */
export const QuizResultSchema = z.object({
  attemptId: z.uuid(),
  studentId: z.string().nullable(),
  fullName: z.string(),
  email: z.string().nullable(),
  attemptNumber: z.number().int().min(1),
  submittedAt: z.iso.datetime(),
  scorePercent: z.number().int().min(0).max(100),
  passed: z.boolean(),
});
export type QuizResult = z.infer<typeof QuizResultSchema>;
export const QuizResultListSchema = paginated(QuizResultSchema);
export type QuizResultList = z.infer<typeof QuizResultListSchema>;

// ---------------------------------------------------------------------------------------------
// Learner side (`/quizz`)
// ---------------------------------------------------------------------------------------------

/**
 * `todo`: not submitted yet and not past its due date; `overdue`: not submitted and past its due
 * date (it may still be taken); `done`: submitted at least once.
 */
export const STUDENT_QUIZ_STATUSES = ['todo', 'overdue', 'done'] as const;
export const StudentQuizStatusSchema = z.enum(STUDENT_QUIZ_STATUSES);
export type StudentQuizStatus = z.infer<typeof StudentQuizStatusSchema>;

export const StudentQuizSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  /** Null for a quiz reaching the learner only through a group session. */
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  moduleTitle: z.string().nullable(),
  groupSessionId: z.uuid().nullable(),
  groupSessionTitle: z.string().nullable(),
  dueAt: z.iso.datetime().nullable(),
  timeLimitMinutes: z.number().int().nullable(),
  passingScore: z.number().int().min(0).max(100),
  maxAttempts: z.number().int().nullable(),
  status: StudentQuizStatusSchema,
  /** Submitted attempts. */
  attemptCount: z.number().int().min(0),
  bestScorePercent: z.number().int().min(0).max(100).nullable(),
  hasPassed: z.boolean(),
  /** An attempt started and not submitted: 'resume' opens it. */
  inProgressAttemptId: z.uuid().nullable(),
});
export type StudentQuiz = z.infer<typeof StudentQuizSchema>;

/**
 * `sessionId` (SPEC 2 `/quizz?from=session&session=…`): only that group session's quizzes;
 * `courseId`: only the quizzes of that formation and its modules (the formation page).
 */
export const StudentQuizListQuerySchema = PaginationQuerySchema.extend({
  status: StudentQuizStatusSchema.optional(),
  sessionId: z.uuid().optional(),
  courseId: z.uuid().optional(),
});
export type StudentQuizListQuery = z.input<typeof StudentQuizListQuerySchema>;
export const StudentQuizListSchema = paginated(StudentQuizSchema).extend({
  /** Per status, whatever the page and filter: the tabs' counters. */
  counts: z.object({ todo: z.number().int(), overdue: z.number().int(), done: z.number().int() }),
  /** The group session the list is narrowed to (`sessionId`), for its heading. */
  session: z.object({ id: z.uuid(), title: z.string(), meetingDate: z.iso.datetime() }).nullable(),
});
export type StudentQuizList = z.infer<typeof StudentQuizListSchema>;

export const AttemptSummarySchema = z.object({
  id: z.uuid(),
  attemptNumber: z.number().int().min(1),
  status: z.enum(['in_progress', 'submitted']),
  startedAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().nullable(),
  scorePercent: z.number().int().min(0).max(100).nullable(),
  passed: z.boolean().nullable(),
});
export type AttemptSummary = z.infer<typeof AttemptSummarySchema>;

/** A quiz's page for the learner: its rules, their attempts (history) and whether they may start one. */
export const StudentQuizDetailSchema = StudentQuizSchema.extend({
  questionCount: z.number().int().min(0),
  canStart: z.boolean(),
  attempts: z.array(AttemptSummarySchema),
});
export type StudentQuizDetail = z.infer<typeof StudentQuizDetailSchema>;

export const AnswerSchema = z.object({
  optionIds: z.array(z.string().max(40)).max(MAX_QUESTION_OPTIONS).optional(),
  text: z.string().max(500).optional(),
});
export type Answer = z.infer<typeof AnswerSchema>;

/** A question as the learner sees it while answering: never its correct answers. */
export const AttemptQuestionSchema = z.object({
  id: z.string(),
  type: QuestionTypeSchema,
  text: z.string(),
  points: z.number().int().min(0),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type AttemptQuestion = z.infer<typeof AttemptQuestionSchema>;

/**
 * The outcome of a submitted attempt. `correctOptionIds`, `acceptedAnswers` and `explanation` are
 * given only when the trainer allows showing the correct answers.
 */
export const AttemptResultSchema = z.object({
  scorePoints: z.number().int().min(0),
  maxPoints: z.number().int().min(0),
  scorePercent: z.number().int().min(0).max(100),
  passingScore: z.number().int().min(0).max(100),
  passed: z.boolean(),
  showsCorrectAnswers: z.boolean(),
  questions: z.array(
    z.object({
      questionId: z.string(),
      isCorrect: z.boolean(),
      pointsAwarded: z.number().int().min(0),
      correctOptionIds: z.array(z.string()).optional(),
      acceptedAnswers: z.array(z.string()).optional(),
      explanation: z.string().optional(),
    }),
  ),
});
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

/**
 * An attempt: its questions in the order dealt and the answers saved so far. `deadlineAt` is the
 * server's end of the time limit and `serverNow` its clock, so the countdown does not depend on the
 * device's clock; answers saved after the deadline are refused (QUIZ_TIME_OVER) and a late
 * attempt is submitted with what was saved in time. `result` once submitted.
 */
export const AttemptSchema = z.object({
  id: z.uuid(),
  quizId: z.uuid(),
  quizTitle: z.string(),
  attemptNumber: z.number().int().min(1),
  status: z.enum(['in_progress', 'submitted']),
  startedAt: z.iso.datetime(),
  deadlineAt: z.iso.datetime().nullable(),
  submittedAt: z.iso.datetime().nullable(),
  serverNow: z.iso.datetime(),
  questions: z.array(AttemptQuestionSchema),
  answers: z.record(z.string(), AnswerSchema),
  result: AttemptResultSchema.nullable(),
  /** Whether another attempt may be started once this one is submitted. */
  canRetake: z.boolean(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

export const SaveAnswerInputSchema = z.object({ answer: AnswerSchema });
export type SaveAnswerInput = z.infer<typeof SaveAnswerInputSchema>;
export const SaveAnswerResultSchema = z.object({
  savedAt: z.iso.datetime(),
  deadlineAt: z.iso.datetime().nullable(),
});
export type SaveAnswerResult = z.infer<typeof SaveAnswerResultSchema>;

export const QuizIdParamsSchema = z.object({ quizId: z.uuid() });
export const AttemptParamsSchema = z.object({ attemptId: z.uuid() });
export const AttemptQuestionParamsSchema = z.object({
  attemptId: z.uuid(),
  questionId: z.string().min(1).max(64),
});

/** A learner's quiz results overall, for their dashboard and progression. */
export const StudentQuizStatsSchema = z.object({
  quizCount: z.number().int().min(0),
  passedCount: z.number().int().min(0),
  /** Mean of each submitted quiz's best score, rounded; null before any submission. */
  averageBestScore: z.number().int().min(0).max(100).nullable(),
});
export type StudentQuizStats = z.infer<typeof StudentQuizStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Routes. Trainer routes are for trainers of an organisation (NO_ORGANIZATION otherwise) and
// admins; learner routes for the signed-in learner about their own attempts. Another
// organisation's quiz, question, category or attempt answers 404 like an unknown id.
// ---------------------------------------------------------------------------------------------

export const quizRoutes = {
  list: {
    method: 'GET',
    path: '/api/quizzes',
    access: ORGANIZATION_STAFF,
    query: QuizListQuerySchema,
    response: QuizListSchema,
  },
  create: {
    method: 'POST',
    path: '/api/quizzes',
    access: ORGANIZATION_STAFF,
    body: QuizInputSchema,
    response: QuizDetailSchema,
  },
  get: {
    method: 'GET',
    path: '/api/quizzes/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: QuizDetailSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/quizzes/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: QuizInputSchema,
    response: QuizDetailSchema,
  },
  /** Refused with 409 LINKED_DATA once the quiz has attempts: deactivate it instead. */
  delete: {
    method: 'DELETE',
    path: '/api/quizzes/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  /** A copy titled '… (copie)', inactive, with the same questions and draws. */
  duplicate: {
    method: 'POST',
    path: '/api/quizzes/:id/duplicate',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: QuizDetailSchema,
  },
  results: {
    method: 'GET',
    path: '/api/quizzes/:id/results',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    query: PaginationQuerySchema,
    response: QuizResultListSchema,
  },

  listQuestions: {
    method: 'GET',
    path: '/api/quiz-bank/questions',
    access: ORGANIZATION_STAFF,
    query: QuestionListQuerySchema,
    response: QuestionListSchema,
  },
  createQuestion: {
    method: 'POST',
    path: '/api/quiz-bank/questions',
    access: ORGANIZATION_STAFF,
    body: QuestionInputSchema,
    response: QuestionSchema,
  },
  updateQuestion: {
    method: 'PUT',
    path: '/api/quiz-bank/questions/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: QuestionInputSchema,
    response: QuestionSchema,
  },
  /** Also removes it from the quizzes that ask it; attempts keep their copy. */
  deleteQuestion: {
    method: 'DELETE',
    path: '/api/quiz-bank/questions/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  listCategories: {
    method: 'GET',
    path: '/api/quiz-bank/categories',
    access: ORGANIZATION_STAFF,
    response: CategoryListSchema,
  },
  /** 409 ALREADY_EXISTS when the organisation has a category of that name. */
  createCategory: {
    method: 'POST',
    path: '/api/quiz-bank/categories',
    access: ORGANIZATION_STAFF,
    body: CategoryInputSchema,
    response: CategorySchema,
  },
  /** Its questions stay in the bank, without category; draws from it are removed. */
  deleteCategory: {
    method: 'DELETE',
    path: '/api/quiz-bank/categories/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  importQuestions: {
    method: 'POST',
    path: '/api/quiz-bank/import',
    access: ORGANIZATION_STAFF,
    body: ImportQuestionsInputSchema,
    response: ImportQuestionsResultSchema,
  },
  exportQuestions: {
    method: 'GET',
    path: '/api/quiz-bank/export',
    access: ORGANIZATION_STAFF,
    query: ExportQuestionsQuerySchema,
    response: ExportQuestionsResultSchema,
  },

  /** With `sessionId`, 404 NOT_FOUND unless the learner is invited to that session. */
  listMine: {
    method: 'GET',
    path: '/api/learning/quizzes',
    access: STUDENT_OWN_DATA,
    query: StudentQuizListQuerySchema,
    response: StudentQuizListSchema,
  },
  stats: {
    method: 'GET',
    path: '/api/learning/quiz-stats',
    access: STUDENT_OWN_DATA,
    response: StudentQuizStatsSchema,
  },
  getMine: {
    method: 'GET',
    path: '/api/learning/quizzes/:quizId',
    access: STUDENT_OWN_DATA,
    params: QuizIdParamsSchema,
    response: StudentQuizDetailSchema,
  },
  /** Starts an attempt, or returns the one in progress. 409 QUIZ_NO_ATTEMPTS_LEFT when retakes are used up. */
  start: {
    method: 'POST',
    path: '/api/learning/quizzes/:quizId/attempts',
    access: STUDENT_OWN_DATA,
    params: QuizIdParamsSchema,
    response: AttemptSchema,
  },
  getAttempt: {
    method: 'GET',
    path: '/api/learning/quiz-attempts/:attemptId',
    access: STUDENT_OWN_DATA,
    params: AttemptParamsSchema,
    response: AttemptSchema,
  },
  /** Saves one answer as the learner gives it. 409 QUIZ_TIME_OVER after the deadline, QUIZ_ALREADY_SUBMITTED after submission. */
  saveAnswer: {
    method: 'PUT',
    path: '/api/learning/quiz-attempts/:attemptId/answers/:questionId',
    access: STUDENT_OWN_DATA,
    params: AttemptQuestionParamsSchema,
    body: SaveAnswerInputSchema,
    response: SaveAnswerResultSchema,
  },
  /** Scores the saved answers; repeating it returns the same result. */
  submit: {
    method: 'POST',
    path: '/api/learning/quiz-attempts/:attemptId/submit',
    access: STUDENT_OWN_DATA,
    params: AttemptParamsSchema,
    response: AttemptSchema,
  },
} as const satisfies Record<string, RouteContract>;
