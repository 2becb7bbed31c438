import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { quizAttempts, quizzes } from './quizzes.tables.ts';

/** One learner's quiz attempts, newest first, for their record (under the caller's tenant). */
export function listLearnerAttempts(tx: Tx, studentId: string) {
  return tx
    .select({
      id: quizAttempts.id,
      quizId: quizAttempts.quizId,
      quizTitle: quizzes.title,
      status: quizAttempts.status,
      score: quizAttempts.scorePercent,
      passed: quizAttempts.passed,
      startedAt: quizAttempts.startedAt,
      submittedAt: quizAttempts.submittedAt,
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(and(eq(quizAttempts.userId, studentId)))
    .orderBy(desc(quizAttempts.startedAt))
    .limit(200);
}
