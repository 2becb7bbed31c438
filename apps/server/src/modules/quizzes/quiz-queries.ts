import type { Question } from '@cursus/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { qualified } from '../../db/qualified.ts';
import { quizCategories, quizDraws, quizQuestionLinks, quizQuestions, quizzes } from './quizzes.tables.ts';

/**
 * How many questions an attempt asks, as part of a statement on `quizzes`: the fixed ones plus each
 * draw, capped by its category's size (a draw never asks a question twice).
 */
export const questionCountOf = sql<number>`(
  (select count(*) from ${quizQuestionLinks}
    where ${qualified(quizQuestionLinks, quizQuestionLinks.quizId)} = ${qualified(quizzes, quizzes.id)})
  + coalesce((select sum(least(${qualified(quizDraws, quizDraws.questionCount)},
      (select count(*) from ${quizQuestions}
        where ${qualified(quizQuestions, quizQuestions.categoryId)} = ${qualified(quizDraws, quizDraws.categoryId)})))
    from ${quizDraws} where ${qualified(quizDraws, quizDraws.quizId)} = ${qualified(quizzes, quizzes.id)}), 0)
)::int`;

export const questionSelection = {
  id: quizQuestions.id,
  type: quizQuestions.type,
  text: quizQuestions.text,
  options: quizQuestions.options,
  acceptedAnswers: quizQuestions.acceptedAnswers,
  explanation: quizQuestions.explanation,
  points: quizQuestions.points,
  categoryId: quizQuestions.categoryId,
  categoryName: quizCategories.name,
  updatedAt: quizQuestions.updatedAt,
};

export function toQuestion(row: {
  id: string;
  type: Question['type'];
  text: string;
  options: Question['options'];
  acceptedAnswers: string[];
  explanation: string;
  points: number;
  categoryId: string | null;
  categoryName: string | null;
  updatedAt: Date;
}): Question {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** A quiz's fixed questions in order, with their categories' names. */
export function loadQuizQuestions(tx: Tx, quizId: string) {
  return tx
    .select(questionSelection)
    .from(quizQuestionLinks)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizQuestionLinks.questionId))
    .leftJoin(quizCategories, eq(quizCategories.id, quizQuestions.categoryId))
    .where(eq(quizQuestionLinks.quizId, quizId))
    .orderBy(asc(quizQuestionLinks.position));
}

/** A quiz's random draws in order, with how many questions their categories hold now. */
export function loadQuizDraws(tx: Tx, quizId: string) {
  return tx
    .select({
      categoryId: quizDraws.categoryId,
      categoryName: quizCategories.name,
      questionCount: quizDraws.questionCount,
      availableCount: sql<number>`(select count(*) from ${quizQuestions}
        where ${qualified(quizQuestions, quizQuestions.categoryId)} = ${qualified(quizDraws, quizDraws.categoryId)})::int`,
    })
    .from(quizDraws)
    .innerJoin(quizCategories, eq(quizCategories.id, quizDraws.categoryId))
    .where(eq(quizDraws.quizId, quizId))
    .orderBy(asc(quizDraws.position));
}
