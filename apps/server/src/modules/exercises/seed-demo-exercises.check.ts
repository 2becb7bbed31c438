import type { StudentExerciseList, TrainerExerciseList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoExercises(world: DemoWorld) {
  const get = async <T>(local: string, url: string) => (await world.get(local, url)).json() as T;

  describe('demo exercises', () => {
    it('gives the trainer two exercises, one with work to review and one reviewed', async () => {
      const list = await get<TrainerExerciseList>('julien.moreau', '/api/trainer/exercises');
      expect(list.items.map((item) => item.title).sort()).toEqual([
        'Calculer un budget mensuel',
        'Synthèse : tableau de bord des ventes',
      ]);
      const budget = list.items.find((item) => item.title === 'Calculer un budget mensuel')!;
      expect(budget.submissionCounts).toEqual({ submitted: 1, reviewed: 1, toRedo: 0 });
      expect(budget.moduleTitle).not.toBeNull();
    });

    it("shows a learner their reviewed work with the trainer's feedback", async () => {
      const mine = await get<StudentExerciseList>('hugo.bernard', '/api/exercises');
      const reviewed = mine.items.find((item) => item.submission?.status === 'reviewed');
      expect(reviewed?.submission?.feedback).toMatch(/Très bon travail/);
      expect(mine.total).toBe(2);
    });
  });
}
