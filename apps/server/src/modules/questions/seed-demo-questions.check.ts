import type { MyQuestionList, TrainerQuestionList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoQuestions(world: DemoWorld) {
  const get = async <T>(local: string, url: string) => (await world.get(local, url)).json() as T;

  describe('demo questions', () => {
    it('gives the demo trainer questions in every state, three of them taken by them', async () => {
      const hub = await get<TrainerQuestionList>('julien.moreau', '/api/trainer/student-questions?tab=all');
      // 'Pour moi': the three they took, in every state, and the one nobody has taken yet.
      expect(hub.counts).toEqual({ all: 4, pending: 2, answered: 2, assigned: 3, mine: 3 });
      expect(hub.items.map((item) => item.subject).sort()).toEqual([
        'Accès au module 2',
        'Attestation de fin de formation',
        'Différence entre RECHERCHEV et INDEX/EQUIV',
        'Format du fichier à rendre',
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
