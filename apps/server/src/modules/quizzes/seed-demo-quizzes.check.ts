import type { StudentQuizDetail, StudentQuizList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoQuizzes(world: DemoWorld) {
  async function get<T>(local: string, url: string): Promise<T> {
    const response = await world.get(local, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  describe('demo quizzes', () => {
    it("lists the demo formation's quizzes for the trainer, with the learners' attempts", async () => {
      const list = await get<{
        items: { title: string; questionCount: number; attemptCount: number; isActive: boolean }[];
      }>('julien.moreau', '/api/quizzes');
      expect(
        list.items.map(({ title, questionCount, attemptCount, isActive }) => ({
          title,
          questionCount,
          attemptCount,
          isActive,
        })),
      ).toEqual(
        expect.arrayContaining([
          { title: 'Quiz : formules et fonctions', questionCount: 5, attemptCount: 4, isActive: true },
          {
            title: 'Évaluation finale : Excel, les fondamentaux',
            questionCount: 8,
            attemptCount: 2,
            isActive: true,
          },
          {
            title: 'Communication écrite : les bases (brouillon)',
            questionCount: 0,
            attemptCount: 0,
            isActive: false,
          },
        ]),
      );
    });

    it('shows Léa a failed then passed module quiz, the final test and her kick-off session’s quiz to do', async () => {
      const list = await get<StudentQuizList>('lea.martin', '/api/learning/quizzes');
      expect(list.counts).toEqual({ todo: 2, overdue: 0, done: 1 });
      const sessionQuiz = list.items.find((item) => item.groupSessionId !== null);
      expect(sessionQuiz).toMatchObject({
        title: 'Quiz de la session de lancement',
        courseId: null,
        groupSessionTitle: 'Lancement de la formation Excel',
      });
      const done = list.items.find((item) => item.status === 'done')!;
      const detail = await get<StudentQuizDetail>('lea.martin', `/api/learning/quizzes/${done.id}`);
      expect(detail).toMatchObject({
        attemptCount: 2,
        hasPassed: true,
        bestScorePercent: 83,
        canStart: true,
      });
      expect(detail.attempts.map((attempt) => attempt.passed)).toEqual([true, false]);
    });
  });
}
