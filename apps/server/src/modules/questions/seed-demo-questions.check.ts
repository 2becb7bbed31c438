import type { MyQuestionList, TrainerQuestionList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoQuestions(world: DemoWorld) {
  const get = async <T>(local: string, url: string) => (await world.get(local, url)).json() as T;

  describe('demo questions', () => {
    it('gives the demo trainer questions in every state, one assigned to them', async () => {
      const hub = await get<TrainerQuestionList>('julien.moreau', '/api/trainer/student-questions?tab=all');
      expect(hub.counts).toEqual({ all: 2, pending: 2, answered: 2, assigned: 1, mine: 1 });
      expect(hub.items.map((item) => item.subject).sort()).toEqual([
        'Accès au module 2',
        'Différence entre RECHERCHEV et INDEX/EQUIV',
      ]);
    });

    it('shows a learner their questions with the trainer’s replies, oldest first', async () => {
      const mine = await get<MyQuestionList>('lea.martin', '/api/student-questions');
      expect(mine.total).toBe(3);
      const resolved = mine.items.find((item) => item.status === 'resolved')!;
      expect(resolved.replies.map((reply) => reply.isFromStudent)).toEqual([false, true, false]);
      const assigned = mine.items.find((item) => item.trainerId !== null)!;
      expect(assigned).toMatchObject({ trainerName: 'Julien Moreau', lessonTitle: expect.any(String) });
    });
  });
}
