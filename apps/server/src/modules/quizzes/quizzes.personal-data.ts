import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { quizAttempts, quizzes } from './quizzes.tables.ts';

/**
 * Attempts with their answers and scores, and the questions as dealt once the attempt is submitted: a
 * frozen question carries its correct answer, which an attempt in progress must not reveal.
 */
export async function exportQuizzesPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const attempts = await tx
    .select({
      id: quizAttempts.id,
      quizId: quizAttempts.quizId,
      quizTitle: quizzes.title,
      attemptNumber: quizAttempts.attemptNumber,
      status: quizAttempts.status,
      startedAt: quizAttempts.startedAt,
      submittedAt: quizAttempts.submittedAt,
      questions: quizAttempts.questions,
      answers: quizAttempts.answers,
      scorePoints: quizAttempts.scorePoints,
      maxPoints: quizAttempts.maxPoints,
      scorePercent: quizAttempts.scorePercent,
      passed: quizAttempts.passed,
    })
    .from(quizAttempts)
    .leftJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(eq(quizAttempts.userId, userId));
  return {
    records: {
      quizAttempts: attempts.map((attempt) =>
        attempt.status === 'submitted' ? attempt : { ...attempt, questions: null },
      ),
    },
  };
}

/** Attempts are kept as evidence of the training; only the name and address typed at a start go. */
export async function eraseQuizRespondent(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(quizAttempts)
    .set({ respondentName: null, respondentEmail: null })
    .where(eq(quizAttempts.userId, userId));
}
