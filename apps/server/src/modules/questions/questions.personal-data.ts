import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { questionReplies, studentQuestions } from './questions.tables.ts';

/** The learner's questions and the replies to them. */
export async function exportQuestionsPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const questions = await tx.select().from(studentQuestions).where(eq(studentQuestions.studentId, userId));
  const replies =
    questions.length === 0
      ? []
      : await tx
          .select()
          .from(questionReplies)
          .where(
            inArray(
              questionReplies.questionId,
              questions.map((question) => question.id),
            ),
          );
  return { records: { questions, questionReplies: replies } };
}

/** An erased learner's questions go, with their replies. */
export async function eraseQuestions(tx: Tx, userId: string): Promise<void> {
  await tx.delete(studentQuestions).where(eq(studentQuestions.studentId, userId));
}
