import type { PositioningInvitation, PositioningStudentReport } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoPositioning(world: DemoWorld) {
  const get = async <T>(url: string) => (await world.get('julien.moreau', url)).json() as T;

  describe('demo positioning', () => {
    it('gives the trainer invitations in every state, scored by the app', async () => {
      const list = await get<{ items: PositioningInvitation[] }>('/api/positioning/invitations');
      expect(list.items.map((item) => item.status).sort()).toEqual([
        'answered',
        'answered',
        'expired',
        'pending',
      ]);
      expect(
        list.items.filter((item) => item.status === 'answered').every((item) => item.scorePercent !== null),
      ).toBe(true);
    });

    it("shows Léa's positioning on her record, with her answers", async () => {
      const lea = world.account('lea.martin');
      const report = await get<PositioningStudentReport>(`/api/positioning/reports/students/${lea.userId}`);
      expect(report.items).toHaveLength(1);
      expect(report.items[0]).toMatchObject({ status: 'answered', student: { fullName: 'Léa Martin' } });
      const detail = await get<{ questions: unknown[] }>(`/api/guest-attempts/${report.items[0]!.attemptId}`);
      expect(detail.questions).toHaveLength(4);
    });
  });
}
