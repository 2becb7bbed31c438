import type {
  Answer,
  Attempt,
  AttemptResult,
  ErrorCode,
  SaveAnswerResult,
  SessionUser,
  StudentQuiz,
  StudentQuizDetail,
  StudentQuizList,
  StudentQuizListQuerySchema,
  StudentQuizStats,
  StudentQuizStatus,
} from '@cursus/contracts';
import { and, asc, desc, eq, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { qualified } from '../../db/qualified.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import { dealQuestions, toAttemptQuestion } from './deal-questions.ts';
import { questionCountOf } from './quiz-queries.ts';
import { type FrozenQuestion, quizAttempts, quizzes, type StoredAnswer } from './quizzes.tables.ts';
import { scoreQuiz } from './scoring.ts';
import type { SessionQuizSessions } from './session-quizzes.ts';

type ListQuery = z.output<typeof StudentQuizListQuerySchema>;

/**
 * How long after the deadline an answer is still taken: the time a save sent in the last second
 * needs to arrive. The learner's countdown ends at the deadline; this only absorbs the network.
 */
export const ANSWER_GRACE_MS = 5_000;

type AttemptRow = typeof quizAttempts.$inferSelect;
interface QuizRules {
  id: string;
  title: string;
  passingScore: number;
  maxAttempts: number | null;
  showCorrectAnswers: boolean;
  timeLimitMinutes: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
}

/** A learner's side of quizzes: their list, taking an attempt, saving answers, results, retakes. */
export function createAttemptsService(options: {
  database: Database;
  courses: CoursesService;
  groupSessions: Pick<SessionQuizSessions, 'titleOf' | 'hasStarted' | 'getMine'>;
  achievements: AchievementsService;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, courses, groupSessions, achievements, now, log } = options;

  /**
   * Runs `work` as the learner, then tells achievements of each attempt it saw passed, once the
   * transaction is committed (a badge's failure never fails the learner's quiz).
   */
  async function asStudent<T>(
    actor: SessionUser,
    work: (tx: Tx, passed: () => void) => Promise<T>,
  ): Promise<T> {
    const organizationId = actor.organizationId;
    if (!organizationId) throw new AppError('NO_ORGANIZATION');
    let hasPassed = false;
    const result = await database.withTenant(tenantOf(actor), (tx) =>
      work(tx, () => {
        hasPassed = true;
      }),
    );
    if (hasPassed) {
      try {
        await achievements.evaluate({ organizationId, userId: actor.id, criterion: 'quiz_success' });
        // A passed quiz of a formation counts toward it, and may be what completes it.
        await achievements.evaluate({ organizationId, userId: actor.id, criterion: 'course_completion' });
      } catch (error) {
        log.error({ err: error, userId: actor.id }, 'quiz badge evaluation failed');
      }
    }
    return result;
  }

  /**
   * The quizzes a learner may see: RLS keeps the active quizzes of their formations and of the group
   * sessions they are invited to. Through a formation, it must be open to learners (and theirs: a
   * quiz may have both); through a session, the session must have started (the quiz opens then).
   * The learner's formations are read in FROM, where PostgreSQL inlines the function (migration 0049).
   */
  const visible = () =>
    or(
      and(
        isNotNull(quizzes.courseId),
        sql`${qualified(quizzes, quizzes.courseId)} in (select enrolled.course_id from app_enrolled_course_ids() enrolled(course_id))`,
        courses.isOpenToLearners(qualified(quizzes, quizzes.courseId)),
      ),
      and(
        isNotNull(quizzes.groupSessionId),
        groupSessions.hasStarted(qualified(quizzes, quizzes.groupSessionId), now()),
      ),
    )!;

  const rulesSelection = {
    id: quizzes.id,
    title: quizzes.title,
    passingScore: quizzes.passingScore,
    maxAttempts: quizzes.maxAttempts,
    showCorrectAnswers: quizzes.showCorrectAnswers,
    timeLimitMinutes: quizzes.timeLimitMinutes,
    shuffleQuestions: quizzes.shuffleQuestions,
    shuffleOptions: quizzes.shuffleOptions,
  };

  async function findQuiz(tx: Tx, quizId: string): Promise<QuizRules> {
    const [quiz] = await tx
      .select(rulesSelection)
      .from(quizzes)
      .where(and(eq(quizzes.id, quizId), visible()));
    if (!quiz) throw new AppError('QUIZ_NOT_FOUND');
    return quiz;
  }

  const submittedCount = (tx: Tx, actor: SessionUser, quizId: string) =>
    tx.$count(
      quizAttempts,
      and(
        eq(quizAttempts.quizId, quizId),
        eq(quizAttempts.userId, actor.id),
        eq(quizAttempts.status, 'submitted'),
      ),
    );

  const isPastDeadline = (attempt: Pick<AttemptRow, 'deadlineAt'>) =>
    attempt.deadlineAt !== null && now().getTime() > attempt.deadlineAt.getTime() + ANSWER_GRACE_MS;

  /** Scores the saved answers and closes the attempt; the score is the server's, from its own copy. */
  async function finalize(tx: Tx, attempt: AttemptRow, passingScore: number, passed: () => void) {
    const score = scoreQuiz(attempt.questions, attempt.answers, passingScore);
    const submittedAt = now();
    const [updated] = await tx
      .update(quizAttempts)
      .set({
        status: 'submitted',
        submittedAt,
        scorePoints: score.points,
        scorePercent: score.percent,
        passed: score.passed,
        updatedAt: submittedAt,
      })
      .where(and(eq(quizAttempts.id, attempt.id), eq(quizAttempts.status, 'in_progress')))
      .returning();
    if (updated?.passed) {
      passed();
      // A passed quiz of a formation counts toward its progress (courses' recomputeProgress).
      const [quiz] = await tx
        .select({ courseId: quizzes.courseId })
        .from(quizzes)
        .where(eq(quizzes.id, attempt.quizId));
      if (quiz?.courseId && attempt.userId)
        await courses.recomputeProgress(tx, quiz.courseId, attempt.userId);
    }
    return updated ?? attempt;
  }

  /** The learner's own attempt with its quiz's rules; an attempt past its time is closed first. */
  async function loadAttempt(tx: Tx, attemptId: string, passed: () => void) {
    const [attempt] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    if (!attempt) throw new AppError('QUIZ_NOT_FOUND');
    const quiz = await findQuiz(tx, attempt.quizId);
    const current =
      attempt.status === 'in_progress' && isPastDeadline(attempt)
        ? await finalize(tx, attempt, quiz.passingScore, passed)
        : attempt;
    return { attempt: current, quiz };
  }

  /** Closes the learner's attempts whose time ran out while they were away. */
  async function finalizeExpired(tx: Tx, actor: SessionUser, passed: () => void, quizId?: string) {
    const expired = await tx
      .select({ attempt: quizAttempts, passingScore: quizzes.passingScore })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(
        and(
          eq(quizAttempts.userId, actor.id),
          eq(quizAttempts.status, 'in_progress'),
          lt(quizAttempts.deadlineAt, new Date(now().getTime() - ANSWER_GRACE_MS)),
          quizId ? eq(quizAttempts.quizId, quizId) : undefined,
        ),
      );
    for (const { attempt, passingScore } of expired) await finalize(tx, attempt, passingScore, passed);
  }

  function resultOf(attempt: AttemptRow, quiz: QuizRules): AttemptResult | null {
    if (attempt.status !== 'submitted') return null;
    const score = scoreQuiz(attempt.questions, attempt.answers, quiz.passingScore);
    const shows = quiz.showCorrectAnswers;
    const byId = new Map(attempt.questions.map((question) => [question.id, question]));
    return {
      scorePoints: attempt.scorePoints ?? score.points,
      maxPoints: attempt.maxPoints,
      scorePercent: attempt.scorePercent ?? score.percent,
      passingScore: quiz.passingScore,
      passed: attempt.passed ?? score.passed,
      showsCorrectAnswers: shows,
      questions: score.questions.map((outcome) => {
        const question = byId.get(outcome.questionId)!;
        return {
          ...outcome,
          ...(shows
            ? {
                correctOptionIds: question.options
                  .filter((option) => option.isCorrect)
                  .map((option) => option.id),
                acceptedAnswers: question.acceptedAnswers,
                explanation: question.explanation,
              }
            : {}),
        };
      }),
    };
  }

  async function viewOf(tx: Tx, actor: SessionUser, attempt: AttemptRow, quiz: QuizRules): Promise<Attempt> {
    const used = await submittedCount(tx, actor, quiz.id);
    return {
      id: attempt.id,
      quizId: attempt.quizId,
      quizTitle: quiz.title,
      attemptNumber: attempt.attemptNumber,
      status: attempt.status,
      startedAt: attempt.startedAt.toISOString(),
      deadlineAt: attempt.deadlineAt?.toISOString() ?? null,
      submittedAt: attempt.submittedAt?.toISOString() ?? null,
      serverNow: now().toISOString(),
      // Never the correct answers while the attempt is open: only what the learner needs to answer.
      questions: attempt.questions.map(toAttemptQuestion),
      answers: attempt.answers,
      result: resultOf(attempt, quiz),
      canRetake: attempt.status === 'submitted' && (quiz.maxAttempts === null || used < quiz.maxAttempts),
    };
  }

  /** The answer must fit its question: known options, one for single choice, text for a short answer. */
  function checkAnswer(question: FrozenQuestion, answer: Answer): StoredAnswer {
    const invalid = () =>
      new AppError('VALIDATION_ERROR', { fields: [{ path: 'answer', message: 'ANSWER_DOES_NOT_FIT' }] });
    if (question.type === 'short_answer') {
      if (answer.optionIds !== undefined || answer.text === undefined) throw invalid();
      return { text: answer.text };
    }
    const optionIds = [...new Set(answer.optionIds ?? [])];
    if (answer.text !== undefined || !answer.optionIds) throw invalid();
    if (question.type !== 'multiple_choice' && optionIds.length > 1) throw invalid();
    const known = new Set(question.options.map((option) => option.id));
    if (!optionIds.every((id) => known.has(id))) throw invalid();
    return { optionIds };
  }

  /** Per learner and quiz: what the list and the quiz page show. */
  const quizId = qualified(quizzes, quizzes.id);
  const attemptQuizId = qualified(quizAttempts, quizAttempts.quizId);
  const attemptUserId = qualified(quizAttempts, quizAttempts.userId);
  const attemptStatus = qualified(quizAttempts, quizAttempts.status);
  const submittedWhere = (actor: SessionUser) =>
    sql`${attemptQuizId} = ${quizId} and ${attemptUserId} = ${actor.id} and ${attemptStatus} = 'submitted'`;
  const statusOf = (actor: SessionUser): SQL<StudentQuizStatus> =>
    sql<StudentQuizStatus>`case
      when exists (select 1 from ${quizAttempts} where ${submittedWhere(actor)}) then 'done'
      when ${qualified(quizzes, quizzes.dueAt)} < ${now().toISOString()}::timestamptz then 'overdue'
      else 'todo' end`;
  const studentQuizSelection = (actor: SessionUser) => ({
    id: quizzes.id,
    title: quizzes.title,
    description: quizzes.description,
    courseId: quizzes.courseId,
    courseTitle: courses.titleOf(qualified(quizzes, quizzes.courseId)),
    moduleTitle: courses.moduleTitleOf(qualified(quizzes, quizzes.moduleId)),
    groupSessionId: quizzes.groupSessionId,
    groupSessionTitle: groupSessions.titleOf(qualified(quizzes, quizzes.groupSessionId)),
    dueAt: quizzes.dueAt,
    timeLimitMinutes: quizzes.timeLimitMinutes,
    passingScore: quizzes.passingScore,
    maxAttempts: quizzes.maxAttempts,
    status: statusOf(actor),
    attemptCount: sql<number>`(select count(*) from ${quizAttempts} where ${submittedWhere(actor)})::int`,
    bestScorePercent: sql<number | null>`(select max(${qualified(quizAttempts, quizAttempts.scorePercent)})
      from ${quizAttempts} where ${submittedWhere(actor)})`,
    hasPassed: sql<boolean>`exists (select 1 from ${quizAttempts}
      where ${submittedWhere(actor)} and ${qualified(quizAttempts, quizAttempts.passed)})`,
    inProgressAttemptId: sql<
      string | null
    >`(select ${qualified(quizAttempts, quizAttempts.id)} from ${quizAttempts}
      where ${attemptQuizId} = ${quizId} and ${attemptUserId} = ${actor.id} and ${attemptStatus} = 'in_progress'
      limit 1)`,
  });
  const toStudentQuiz = (row: { dueAt: Date | null; [key: string]: unknown }) =>
    ({ ...row, dueAt: row.dueAt?.toISOString() ?? null }) as StudentQuiz;

  return {
    /**
     * `/quizz`: the learner's quizzes by status (to do, overdue, done), due soonest first; with
     * `sessionId`, only that group session's (NOT_FOUND unless the learner is invited to it); with
     * `courseId`, only that formation's (none for a formation the learner is not enrolled in).
     */
    async list(actor: SessionUser, query: ListQuery): Promise<StudentQuizList> {
      const session = query.sessionId ? await groupSessions.getMine(actor, query.sessionId) : null;
      const shown = and(
        visible(),
        session ? eq(quizzes.groupSessionId, session.id) : undefined,
        query.courseId ? eq(quizzes.courseId, query.courseId) : undefined,
      )!;
      return asStudent(actor, async (tx, passed) => {
        await finalizeExpired(tx, actor, passed);
        const status = statusOf(actor);
        const grouped = await tx
          .select({ status, total: sql<number>`count(*)::int` })
          .from(quizzes)
          .where(shown)
          // By position: the expression carries parameters, which PostgreSQL would not match twice.
          .groupBy(sql`1`);
        const counts = { todo: 0, overdue: 0, done: 0 };
        for (const row of grouped) counts[row.status] = Number(row.total);
        const total = query.status ? counts[query.status] : counts.todo + counts.overdue + counts.done;
        const rows = await tx
          .select(studentQuizSelection(actor))
          .from(quizzes)
          .where(and(shown, query.status ? sql`${status} = ${query.status}` : undefined))
          .orderBy(sql`${quizzes.dueAt} asc nulls last`, asc(quizzes.title), asc(quizzes.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);
        return {
          items: rows.map(toStudentQuiz),
          total,
          page: query.page,
          pageSize: query.pageSize,
          counts,
          session: session && { id: session.id, title: session.title, meetingDate: session.meetingDate },
        };
      });
    },

    /** The quiz's page: rules, the learner's attempts (history) and whether they may start one. */
    get(actor: SessionUser, quizId: string): Promise<StudentQuizDetail> {
      return asStudent(actor, async (tx, passed) => {
        await finalizeExpired(tx, actor, passed, quizId);
        const [row] = await tx
          .select({ ...studentQuizSelection(actor), questionCount: questionCountOf })
          .from(quizzes)
          .where(and(eq(quizzes.id, quizId), visible()));
        if (!row) throw new AppError('QUIZ_NOT_FOUND');
        const attempts = await tx
          .select()
          .from(quizAttempts)
          .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, actor.id)))
          .orderBy(desc(quizAttempts.attemptNumber));
        const quiz = toStudentQuiz(row);
        return {
          ...quiz,
          questionCount: row.questionCount,
          canStart:
            quiz.inProgressAttemptId !== null ||
            quiz.maxAttempts === null ||
            quiz.attemptCount < quiz.maxAttempts,
          attempts: attempts.map((attempt) => ({
            id: attempt.id,
            attemptNumber: attempt.attemptNumber,
            status: attempt.status,
            startedAt: attempt.startedAt.toISOString(),
            submittedAt: attempt.submittedAt?.toISOString() ?? null,
            scorePercent: attempt.scorePercent,
            passed: attempt.passed,
          })),
        };
      });
    },

    /**
     * Starts an attempt (questions dealt and frozen, deadline set by the server's clock), or returns
     * the one in progress, so a second tab or a reload resumes it.
     */
    async start(actor: SessionUser, quizId: string): Promise<Attempt> {
      const begin = () =>
        asStudent(actor, async (tx, passed) => {
          await finalizeExpired(tx, actor, passed, quizId);
          const quiz = await findQuiz(tx, quizId);
          const [open] = await tx
            .select()
            .from(quizAttempts)
            .where(
              and(
                eq(quizAttempts.quizId, quizId),
                eq(quizAttempts.userId, actor.id),
                eq(quizAttempts.status, 'in_progress'),
              ),
            );
          if (open) return viewOf(tx, actor, open, quiz);
          const used = await submittedCount(tx, actor, quizId);
          if (quiz.maxAttempts !== null && used >= quiz.maxAttempts)
            throw new AppError('QUIZ_NO_ATTEMPTS_LEFT');
          const [last] = await tx
            .select({ attemptNumber: quizAttempts.attemptNumber })
            .from(quizAttempts)
            .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, actor.id)))
            .orderBy(desc(quizAttempts.attemptNumber))
            .limit(1);
          const questions = await dealQuestions(tx, quiz);
          // Only draws from categories emptied since: nothing to ask, so nothing to start.
          if (questions.length === 0) throw new AppError('QUIZ_NOT_FOUND');
          const startedAt = now();
          const [created] = await tx
            .insert(quizAttempts)
            .values({
              organizationId: actor.organizationId!,
              quizId,
              userId: actor.id,
              source: 'learner',
              attemptNumber: (last?.attemptNumber ?? 0) + 1,
              status: 'in_progress',
              startedAt,
              deadlineAt: quiz.timeLimitMinutes
                ? new Date(startedAt.getTime() + quiz.timeLimitMinutes * 60_000)
                : null,
              questions,
              answers: {},
              maxPoints: questions.reduce((sum, question) => sum + question.points, 0),
              updatedAt: startedAt,
            })
            .returning();
          return viewOf(tx, actor, created!, quiz);
        });
      try {
        return await begin();
      } catch (error) {
        // Two starts at once: the unique index lets one insert win; the other resumes it.
        if ((error as { cause?: { code?: string } }).cause?.code === '23505') return begin();
        throw error;
      }
    },

    getAttempt(actor: SessionUser, attemptId: string): Promise<Attempt> {
      return asStudent(actor, async (tx, passed) => {
        const { attempt, quiz } = await loadAttempt(tx, attemptId, passed);
        return viewOf(tx, actor, attempt, quiz);
      });
    },

    /**
     * Saves one answer (replacing the previous one for that question). After the deadline the
     * attempt is closed with what was saved in time and the answer is refused: QUIZ_TIME_OVER.
     */
    async saveAnswer(
      actor: SessionUser,
      attemptId: string,
      questionId: string,
      answer: Answer,
    ): Promise<SaveAnswerResult> {
      const outcome = await asStudent(actor, async (tx, passed) => {
        const { attempt } = await loadAttempt(tx, attemptId, passed);
        if (attempt.status === 'submitted') {
          const refusal: ErrorCode = isPastDeadline(attempt) ? 'QUIZ_TIME_OVER' : 'QUIZ_ALREADY_SUBMITTED';
          return { refusal, saved: null };
        }
        const question = attempt.questions.find((item) => item.id === questionId);
        if (!question) throw new AppError('QUIZ_QUESTION_NOT_FOUND');
        const stored = checkAnswer(question, answer);
        const savedAt = now();
        // One statement merges this answer into the others, so two questions saved at once both stay.
        await tx
          .update(quizAttempts)
          .set({
            answers: sql`${quizAttempts.answers} || jsonb_build_object(${questionId}::text, ${JSON.stringify(stored)}::jsonb)`,
            updatedAt: savedAt,
          })
          .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.status, 'in_progress')));
        return {
          refusal: null,
          saved: { savedAt: savedAt.toISOString(), deadlineAt: attempt.deadlineAt?.toISOString() ?? null },
        };
      });
      // Thrown after the commit: the attempt closed for lateness stays closed.
      if (outcome.refusal || !outcome.saved) throw new AppError(outcome.refusal ?? 'QUIZ_ALREADY_SUBMITTED');
      return outcome.saved;
    },

    /** Scores the attempt from the saved answers; repeating it returns the same result. */
    submit(actor: SessionUser, attemptId: string): Promise<Attempt> {
      return asStudent(actor, async (tx, passed) => {
        const { attempt, quiz } = await loadAttempt(tx, attemptId, passed);
        const submitted =
          attempt.status === 'submitted' ? attempt : await finalize(tx, attempt, quiz.passingScore, passed);
        return viewOf(tx, actor, submitted, quiz);
      });
    },

    /** The learner's results overall, for their dashboard and progression. */
    stats(actor: SessionUser): Promise<StudentQuizStats> {
      return asStudent(actor, async (tx) => {
        const best = sql<number | null>`(select max(${qualified(quizAttempts, quizAttempts.scorePercent)})
          from ${quizAttempts} where ${submittedWhere(actor)})`;
        const [row] = await tx
          .select({
            quizCount: sql<number>`count(*)::int`,
            passedCount: sql<number>`count(*) filter (where exists (select 1 from ${quizAttempts}
              where ${submittedWhere(actor)} and ${qualified(quizAttempts, quizAttempts.passed)}))::int`,
            averageBestScore: sql<number | null>`round(avg(${best}))::int`,
          })
          .from(quizzes)
          .where(visible());
        return {
          quizCount: row?.quizCount ?? 0,
          passedCount: row?.passedCount ?? 0,
          averageBestScore: row?.averageBestScore ?? null,
        };
      });
    },
  };
}

export type AttemptsService = ReturnType<typeof createAttemptsService>;
