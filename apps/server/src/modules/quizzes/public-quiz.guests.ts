import type { GuestAttemptKind, GuestAttemptStart, GuestResult } from '@cursus/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dealQuestions, toAttemptQuestion } from './deal-questions.ts';
import { type FrozenQuestion, quizAttempts, type StoredAnswer } from './quizzes.tables.ts';
import { scoreQuiz } from './scoring.ts';

/**
 * Attempts by people without an account (public link, positioning invitation), as rows of
 * `quiz_attempts` with no user. Shared by both services; they run under cursus_service.
 */

/** A submission this late after the deadline still counts: the network, not the respondent. */
export const GUEST_SUBMIT_GRACE_MS = 30_000;

export interface GuestQuiz {
  id: string;
  organizationId: string;
  passingScore: number;
  timeLimitMinutes: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
}

type AttemptRow = typeof quizAttempts.$inferSelect;

export function toAttemptStart(attempt: AttemptRow, now: Date): GuestAttemptStart {
  return {
    attemptId: attempt.id,
    // As a respondent sees them: never which option is right nor the accepted texts.
    questions: attempt.questions.map(toAttemptQuestion),
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt?.toISOString() ?? null,
    serverNow: now.toISOString(),
  };
}

/**
 * Only answers to the questions served, naming their own options: the rest of what a client sends
 * is dropped, so the stored answers are always ones the attempt could have given.
 */
export function keepServedAnswers(
  questions: readonly FrozenQuestion[],
  answers: Readonly<Record<string, StoredAnswer>>,
): Record<string, StoredAnswer> {
  const kept: Record<string, StoredAnswer> = {};
  for (const question of questions) {
    const answer = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    if (!answer) continue;
    if (question.type === 'short_answer') {
      if (typeof answer.text === 'string') kept[question.id] = { text: answer.text };
      continue;
    }
    const known = new Set(question.options.map((option) => option.id));
    const optionIds = [...new Set(answer.optionIds ?? [])].filter((id) => known.has(id));
    kept[question.id] = { optionIds };
  }
  return kept;
}

/** Deals the quiz's questions into a new guest attempt; the time limit runs from now. */
export async function startGuestAttempt(
  tx: Tx,
  input: { quiz: GuestQuiz; kind: GuestAttemptKind; name: string; email: string; now: Date },
): Promise<AttemptRow> {
  const { quiz, now } = input;
  const questions = await dealQuestions(tx, quiz);
  if (questions.length === 0) throw new AppError('QUIZ_NOT_FOUND');
  const [attempt] = await tx
    .insert(quizAttempts)
    .values({
      organizationId: quiz.organizationId,
      quizId: quiz.id,
      userId: null,
      respondentName: input.name,
      respondentEmail: input.email,
      source: input.kind,
      status: 'in_progress',
      startedAt: now,
      deadlineAt: quiz.timeLimitMinutes ? new Date(now.getTime() + quiz.timeLimitMinutes * 60_000) : null,
      questions,
      answers: {},
      maxPoints: questions.reduce((sum, question) => sum + question.points, 0),
      updatedAt: now,
    })
    .returning();
  return attempt!;
}

/**
 * Scores and closes an attempt, once: the update only takes an attempt still in progress, so two
 * submissions racing cannot both count. Past the deadline (and its grace) no answer counts.
 */
export async function submitGuestAttempt(
  tx: Tx,
  input: { attempt: AttemptRow; passingScore: number; answers: Record<string, StoredAnswer>; now: Date },
): Promise<GuestResult> {
  const { attempt, now } = input;
  if (attempt.status !== 'in_progress') throw new AppError('QUIZ_ALREADY_SUBMITTED');
  const timeOver =
    attempt.deadlineAt !== null && now.getTime() > attempt.deadlineAt.getTime() + GUEST_SUBMIT_GRACE_MS;
  const answers = timeOver ? {} : keepServedAnswers(attempt.questions, input.answers);
  const score = scoreQuiz(attempt.questions, answers, input.passingScore);
  const closed = await tx
    .update(quizAttempts)
    .set({
      answers,
      status: 'submitted',
      submittedAt: now,
      scorePoints: score.points,
      scorePercent: score.percent,
      passed: score.passed,
      updatedAt: now,
    })
    .where(and(eq(quizAttempts.id, attempt.id), eq(quizAttempts.status, 'in_progress')))
    .returning({ id: quizAttempts.id });
  if (closed.length === 0) throw new AppError('QUIZ_ALREADY_SUBMITTED');
  return {
    scorePoints: score.points,
    maxPoints: score.maxPoints,
    scorePercent: score.percent,
    passed: score.passed,
    passingScore: input.passingScore,
    submittedAt: now.toISOString(),
    timeOver,
  };
}
