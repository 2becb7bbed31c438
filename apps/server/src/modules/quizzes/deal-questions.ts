import { randomInt } from 'node:crypto';
import type { AttemptQuestion } from '@cursus/contracts';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type FrozenQuestion, quizDraws, quizQuestionLinks, quizQuestions } from './quizzes.tables.ts';

/** A uniformly random order (Fisher–Yates with the system's random source). */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const frozenColumns = {
  id: quizQuestions.id,
  type: quizQuestions.type,
  text: quizQuestions.text,
  points: quizQuestions.points,
  options: quizQuestions.options,
  acceptedAnswers: quizQuestions.acceptedAnswers,
  explanation: quizQuestions.explanation,
};

/**
 * The questions of a new attempt: the quiz's fixed questions in order, then each draw's questions
 * picked at random from its category (never one already asked), shuffled as the quiz says. True/false
 * options keep their order. Runs under the caller's role and policies.
 */
export async function dealQuestions(
  tx: Tx | Db,
  quiz: { id: string; shuffleQuestions: boolean; shuffleOptions: boolean },
): Promise<FrozenQuestion[]> {
  const fixed = await tx
    .select(frozenColumns)
    .from(quizQuestionLinks)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizQuestionLinks.questionId))
    .where(eq(quizQuestionLinks.quizId, quiz.id))
    .orderBy(asc(quizQuestionLinks.position));
  const draws = await tx
    .select({ categoryId: quizDraws.categoryId, questionCount: quizDraws.questionCount })
    .from(quizDraws)
    .where(eq(quizDraws.quizId, quiz.id))
    .orderBy(asc(quizDraws.position));
  const questions: FrozenQuestion[] = [...fixed];
  for (const draw of draws) {
    const asked = questions.map((question) => question.id);
    const drawn = await tx
      .select(frozenColumns)
      .from(quizQuestions)
      .where(
        and(
          eq(quizQuestions.categoryId, draw.categoryId),
          asked.length > 0 ? notInArray(quizQuestions.id, asked) : undefined,
        ),
      )
      .orderBy(sql`random()`)
      .limit(draw.questionCount);
    questions.push(...drawn);
  }
  const ordered = quiz.shuffleQuestions ? shuffled(questions) : questions;
  return ordered.map((question) =>
    quiz.shuffleOptions && question.type !== 'true_false'
      ? { ...question, options: shuffled(question.options) }
      : question,
  );
}

/** A dealt question as the respondent sees it while answering: never its correct answers. */
export function toAttemptQuestion(question: FrozenQuestion): AttemptQuestion {
  return {
    id: question.id,
    type: question.type,
    text: question.text,
    points: question.points,
    options: question.options.map((option) => ({ id: option.id, text: option.text })),
  };
}

/** How many questions an attempt of each quiz asks: fixed ones plus draws, each capped by its category's size. */
export async function countQuestions(tx: Tx | Db, quizIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(quizIds.map((id) => [id, 0]));
  if (quizIds.length === 0) return counts;
  const fixed = await tx
    .select({ quizId: quizQuestionLinks.quizId, total: count() })
    .from(quizQuestionLinks)
    .where(inArray(quizQuestionLinks.quizId, quizIds))
    .groupBy(quizQuestionLinks.quizId);
  const drawn = await tx
    .select({
      quizId: quizDraws.quizId,
      total: sql<number>`least(${quizDraws.questionCount}, (select count(*) from ${quizQuestions} where ${quizQuestions.categoryId} = ${quizDraws.categoryId}))::int`,
    })
    .from(quizDraws)
    .where(inArray(quizDraws.quizId, quizIds));
  for (const row of [...fixed, ...drawn])
    counts.set(row.quizId, (counts.get(row.quizId) ?? 0) + Number(row.total));
  return counts;
}
