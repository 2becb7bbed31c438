import type { MySignatureList, SignaturePage, TrainerSignatureList } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
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

    it('has each module or formation signed, or asked for, minutes after its last lesson was completed', async () => {
      const result = await world.testApp.database.db.execute(sql`
        select s.signature_type, s.module_index, coalesce(s.signed_at, s.created_at) as at,
          (select max(c.completed_at) from lesson_completions c join course_lessons l on l.id = c.lesson_id
            where c.student_id = s.user_id and c.course_id = s.formation_id
              and (s.module_id is null or l.module_id = s.module_id)) as last_lesson_at
        from certified_signatures s join profiles p on p.id = s.user_id
        where split_part(p.email, '@', 1) in ('hugo.bernard', 'lea.martin')`);
      const rows = (result as unknown as { rows: { at: Date; last_lesson_at: Date | null }[] }).rows;
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row.last_lesson_at).not.toBeNull();
        const minutes = (new Date(row.at).getTime() - new Date(row.last_lesson_at!).getTime()) / 60_000;
        // Not before the lesson, and not on another day than it, as the seed's clock once had them.
        expect(minutes).toBeGreaterThanOrEqual(0);
        expect(minutes).toBeLessThan(10);
      }
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
