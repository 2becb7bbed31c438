import type { ComplaintList, ImprovementList, WatchEntryList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoRegisters(world: DemoWorld) {
  const get = async <T>(local: string, url: string) => (await world.get(local, url)).json() as T;

  describe('demo registers', () => {
    it('shows a complaint answered within two days, one answered, and an open difficulty from a question', async () => {
      const list = await get<ComplaintList>('julien.moreau', '/api/trainer/registers/complaints');
      expect(list.total).toBe(3);
      const closed = list.items.find((item) => item.status === 'closed')!;
      expect(closed).toMatchObject({
        kind: 'complaint',
        daysToAnswer: 2,
        daysToClose: 5,
        handlerName: 'Julien Moreau',
      });
      const difficulty = list.items.find((item) => item.kind === 'difficulty')!;
      expect(difficulty).toMatchObject({
        status: 'in_progress',
        source: 'question',
        sourceLabel: 'Accès au module 2',
        studentName: 'Léa Martin',
        daysWaiting: 3,
      });
    });

    it('gives the organisation improvement actions, one overdue, and the platform its own', async () => {
      const actions = await get<ImprovementList>('julien.moreau', '/api/trainer/registers/improvements');
      expect(actions.total).toBe(3);
      expect(actions.items.filter((item) => item.overdue).map((item) => item.title)).toEqual([
        'Ajouter des exercices corrigés au module Excel',
      ]);
      expect(actions.items.find((item) => item.status === 'done')?.complaintSubject).toBe(
        'Convocation reçue la veille de la session',
      );
      const platform = await get<ImprovementList>('admin', '/api/admin/improvements');
      expect(platform.items.map((item) => item.status).sort()).toEqual(['done', 'planned']);
    });

    it('fills the three watch registers', async () => {
      const watch = await get<WatchEntryList>('julien.moreau', '/api/trainer/registers/watch');
      expect(watch.items.map((item) => item.indicator).sort()).toEqual([23, 23, 24, 25]);
      expect(watch.items.some((item) => item.improvementTitle !== null)).toBe(true);
    });
  });
}
