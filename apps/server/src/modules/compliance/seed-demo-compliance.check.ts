import type { ComplianceReport } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoCompliance(world: DemoWorld) {
  describe('demo compliance', () => {
    it('shows a training organisation with indicators evidenced, partial and missing, and one uploaded document', async () => {
      const report = (await world.get('julien.moreau', '/api/trainer/compliance')).json() as ComplianceReport;
      const status = (number: number) =>
        report.indicators.find((indicator) => indicator.number === number)!.status;
      expect(report.profile).toEqual({
        actionCategories: ['training'],
        certifying: false,
        workLinked: false,
      });
      // The journey: a formation, a positioning quiz, a session with signatures, a survey.
      for (const number of [8, 9, 10, 11, 19, 26, 30])
        expect(status(number), `indicator ${number}`).toBe('evidenced');
      expect(report.readiness.partial).toBeGreaterThan(0);
      expect(report.readiness.missing).toBeGreaterThan(0);
      expect(status(14)).toBe('notApplicable');
      const uploads = report.indicators.flatMap((indicator) => indicator.uploads);
      expect(uploads).toHaveLength(1);
      expect(uploads[0]).toMatchObject({ indicator: 26, title: 'Désignation du référent handicap' });
      const file = await world.get('julien.moreau', uploads[0]!.file.url);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
}
