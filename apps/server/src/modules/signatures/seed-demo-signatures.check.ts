import type { MySignatureList, SignaturePage, TrainerSignatureList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoSignatures(world: DemoWorld) {
  const get = async <T>(local: string, url: string) => (await world.get(local, url)).json() as T;

  describe('demo signatures', () => {
    it('shows the trainer signed and pending signatures, whose hashes verify', async () => {
      const list = await get<TrainerSignatureList>('julien.moreau', '/api/trainer/signatures');
      expect(list.items.filter((item) => item.status === 'signed')).toHaveLength(3);
      expect(list.items.filter((item) => item.status === 'pending').map((item) => item.studentName)).toEqual([
        'Léa Martin',
      ]);
      expect(list.items.some((item) => item.status === 'error')).toBe(false);
    });

    it('shows the learner who finished the formation their signature and image', async () => {
      const mine = await get<MySignatureList>('hugo.bernard', '/api/signatures');
      expect(mine.total).toBe(3);
      const formation = mine.items.find((item) => item.signatureType === 'formation_completion')!;
      const page = await get<SignaturePage>('hugo.bernard', `/api/signatures/courses/${formation.courseId}`);
      expect(page.signature).toMatchObject({
        status: 'signed',
        image: expect.stringMatching(/^data:image\/png;base64,/),
      });
      expect(page.progress).toBe(100);
    });
  });
}
