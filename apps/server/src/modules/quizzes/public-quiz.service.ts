import type {
  GuestAttemptDetail,
  GuestAttemptListQuery,
  GuestAttemptStart,
  GuestResult,
  PublicLink,
  PublicQuiz,
  SessionUser,
  StartPublicAttemptInput,
  SubmitGuestAnswersInput,
} from '@cursus/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AttemptCounter, Limit } from '../../lib/rate-limit.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { countQuestions } from './deal-questions.ts';
import {
  type GuestQuiz,
  startGuestAttempt,
  submitGuestAttempt,
  toAttemptStart,
} from './public-quiz.guests.ts';
import { quizPublicLinks } from './public-quiz.tables.ts';
import { quizAttempts, quizzes } from './quizzes.tables.ts';
import { scoreQuestion } from './scoring.ts';

const HOUR = 60 * 60 * 1000;
/**
 * A public link is open to anyone, so what one visitor can make the server do is bounded: pages
 * read per IP, attempts started per IP and per address (a quiz retaken in a loop, or a mailbox's
 * name used by a script), and submissions per IP. The per-IP bounds leave room for a whole class
 * answering from one company network (one address for everyone).
 */
export const PUBLIC_QUIZ_LIMITS = {
  readsPerIp: { max: 300, windowMs: 15 * 60 * 1000 },
  startsPerIp: { max: 60, windowMs: HOUR },
  startsPerEmail: { max: 5, windowMs: HOUR },
  submitsPerIp: { max: 120, windowMs: HOUR },
} satisfies Record<string, Limit>;

/** A quiz's columns a guest's attempt needs (positioning reads them too). */
export const guestQuizColumns = {
  id: quizzes.id,
  organizationId: quizzes.organizationId,
  title: quizzes.title,
  description: quizzes.description,
  passingScore: quizzes.passingScore,
  timeLimitMinutes: quizzes.timeLimitMinutes,
  shuffleQuestions: quizzes.shuffleQuestions,
  shuffleOptions: quizzes.shuffleOptions,
};

/** An active quiz whose public link is on; anything else answers like an unknown quiz. */
async function findPublicQuiz(tx: Tx, quizId: string) {
  const [quiz] = await tx
    .select(guestQuizColumns)
    .from(quizzes)
    .innerJoin(
      quizPublicLinks,
      and(eq(quizPublicLinks.quizId, quizzes.id), eq(quizPublicLinks.isEnabled, true)),
    )
    .where(and(eq(quizzes.id, quizId), eq(quizzes.isActive, true)));
  if (!quiz) throw new AppError('QUIZ_NOT_FOUND');
  return quiz;
}

export function createPublicQuizService(options: {
  database: Database;
  organizations: OrganizationsService;
  attempts: AttemptCounter;
  now: () => Date;
}) {
  const { database, organizations, attempts, now } = options;
  // Visitors have no tenant: cursus_service, whose policies (0011) reach only guest quizzes.
  const service = database.service;

  /** The staff's own quiz (row-level security hides another organisation's), or QUIZ_NOT_FOUND. */
  async function requireOwnQuiz(tx: Tx, quizId: string) {
    const [quiz] = await tx
      .select({ id: quizzes.id, organizationId: quizzes.organizationId, title: quizzes.title })
      .from(quizzes)
      .where(eq(quizzes.id, quizId));
    if (!quiz) throw new AppError('QUIZ_NOT_FOUND');
    return quiz;
  }

  return {
    async getPublicQuiz(quizId: string, ip: string): Promise<PublicQuiz> {
      await attempts.consume(`ip:${ip}:quiz-access-read`, PUBLIC_QUIZ_LIMITS.readsPerIp);
      return service.transaction(async (tx) => {
        const quiz = await findPublicQuiz(tx, quizId);
        const names = await organizations.namesOf(tx, [quiz.organizationId]);
        const counts = await countQuestions(tx, [quiz.id]);
        return {
          id: quiz.id,
          title: quiz.title,
          description: quiz.description,
          organizationName: names.get(quiz.organizationId) ?? '',
          questionCount: counts.get(quiz.id) ?? 0,
          timeLimitMinutes: quiz.timeLimitMinutes,
          passingScore: quiz.passingScore,
        };
      });
    },

    async start(quizId: string, input: StartPublicAttemptInput, ip: string): Promise<GuestAttemptStart> {
      await attempts.consumeAll([
        [`ip:${ip}:public-quiz-start`, PUBLIC_QUIZ_LIMITS.startsPerIp],
        [`email:${input.email}:public-quiz-start:${quizId}`, PUBLIC_QUIZ_LIMITS.startsPerEmail],
      ]);
      const at = now();
      return service.transaction(async (tx) => {
        const quiz: GuestQuiz = await findPublicQuiz(tx, quizId);
        const attempt = await startGuestAttempt(tx, {
          quiz,
          kind: 'public',
          name: input.name,
          email: input.email,
          now: at,
        });
        return toAttemptStart(attempt, at);
      });
    },

    async submit(
      quizId: string,
      attemptId: string,
      input: SubmitGuestAnswersInput,
      ip: string,
    ): Promise<GuestResult> {
      await attempts.consume(`ip:${ip}:public-quiz-submit`, PUBLIC_QUIZ_LIMITS.submitsPerIp);
      return service.transaction(async (tx) => {
        // Locked, so a second submission of the same attempt waits and then finds it closed.
        const [attempt] = await tx
          .select()
          .from(quizAttempts)
          .where(
            and(
              eq(quizAttempts.id, attemptId),
              eq(quizAttempts.quizId, quizId),
              eq(quizAttempts.source, 'public'),
            ),
          )
          .for('update');
        if (!attempt) throw new AppError('QUIZ_NOT_FOUND');
        const quiz = await findPublicQuiz(tx, quizId);
        return submitGuestAttempt(tx, {
          attempt,
          passingScore: quiz.passingScore,
          answers: input.answers,
          now: now(),
        });
      });
    },

    // The trainer's side, under their tenant's policies.

    getLink(user: SessionUser, quizId: string): Promise<PublicLink> {
      return database.withTenant(tenantOf(user), async (tx) => {
        await requireOwnQuiz(tx, quizId);
        const [link] = await tx
          .select({ isEnabled: quizPublicLinks.isEnabled })
          .from(quizPublicLinks)
          .where(eq(quizPublicLinks.quizId, quizId));
        return { quizId, isEnabled: link?.isEnabled ?? false };
      });
    },

    setLink(user: SessionUser, quizId: string, isEnabled: boolean): Promise<PublicLink> {
      return database.withTenant(tenantOf(user), async (tx) => {
        const quiz = await requireOwnQuiz(tx, quizId);
        const at = now();
        await tx
          .insert(quizPublicLinks)
          .values({
            organizationId: quiz.organizationId,
            quizId,
            isEnabled,
            updatedBy: user.id,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: quizPublicLinks.quizId,
            set: { isEnabled, updatedBy: user.id, updatedAt: at },
          });
        return { quizId, isEnabled };
      });
    },

    listAttempts(user: SessionUser, quizId: string, query: GuestAttemptListQuery) {
      return database.withTenant(tenantOf(user), async (tx) => {
        await requireOwnQuiz(tx, quizId);
        const where = and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.source, query.kind));
        return readPage(
          query,
          tx.select({ total: count() }).from(quizAttempts).where(where),
          tx
            .select({
              id: quizAttempts.id,
              source: quizAttempts.source,
              respondentName: quizAttempts.respondentName,
              respondentEmail: quizAttempts.respondentEmail,
              startedAt: quizAttempts.startedAt,
              submittedAt: quizAttempts.submittedAt,
              scorePercent: quizAttempts.scorePercent,
              passed: quizAttempts.passed,
            })
            .from(quizAttempts)
            .where(where)
            .orderBy(desc(quizAttempts.startedAt), desc(quizAttempts.id))
            .$dynamic(),
          (row) => ({
            id: row.id,
            kind: query.kind,
            respondentName: row.respondentName ?? '',
            respondentEmail: row.respondentEmail ?? '',
            startedAt: row.startedAt.toISOString(),
            submittedAt: row.submittedAt?.toISOString() ?? null,
            scorePercent: row.scorePercent,
            passed: row.passed,
          }),
        );
      });
    },

    getAttempt(user: SessionUser, attemptId: string): Promise<GuestAttemptDetail> {
      return database.withTenant(tenantOf(user), async (tx) => {
        const [row] = await tx
          .select({ attempt: quizAttempts, quizTitle: quizzes.title })
          .from(quizAttempts)
          .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
          .where(
            and(eq(quizAttempts.id, attemptId), inArray(quizAttempts.source, ['public', 'positioning'])),
          );
        if (!row) throw new AppError('NOT_FOUND');
        return toGuestAttemptDetail(row.attempt, row.quizTitle);
      });
    },
  };
}

export type PublicQuizService = ReturnType<typeof createPublicQuizService>;

/** What the staff read of a guest's attempt: each answer beside the expected one, and its points. */
export function toGuestAttemptDetail(
  attempt: typeof quizAttempts.$inferSelect,
  quizTitle: string,
): GuestAttemptDetail {
  const isSubmitted = attempt.status === 'submitted';
  return {
    id: attempt.id,
    kind: attempt.source === 'positioning' ? 'positioning' : 'public',
    respondentName: attempt.respondentName ?? '',
    respondentEmail: attempt.respondentEmail ?? '',
    startedAt: attempt.startedAt.toISOString(),
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    scorePercent: attempt.scorePercent,
    passed: attempt.passed,
    quizId: attempt.quizId,
    quizTitle,
    scorePoints: attempt.scorePoints,
    maxPoints: attempt.maxPoints,
    questions: attempt.questions.map((question) => {
      const answer = attempt.answers[question.id];
      // True/false options are named by id ('true', 'false'): the reader's language words them.
      const textOf = (ids: readonly string[]) =>
        question.options
          .filter((option) => ids.includes(option.id))
          .map((option) => (question.type === 'true_false' ? option.id : option.text));
      const given =
        question.type === 'short_answer'
          ? answer?.text
            ? [answer.text]
            : []
          : textOf(answer?.optionIds ?? []);
      const expected =
        question.type === 'short_answer'
          ? question.acceptedAnswers
          : textOf(question.options.filter((option) => option.isCorrect).map((option) => option.id));
      const score = isSubmitted ? scoreQuestion(question, answer) : null;
      return {
        questionId: question.id,
        type: question.type,
        text: question.text,
        given,
        expected,
        isCorrect: score?.isCorrect ?? null,
        pointsAwarded: score?.pointsAwarded ?? null,
        points: question.points,
      };
    }),
  };
}
