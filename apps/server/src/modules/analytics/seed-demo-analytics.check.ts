import type { Analytics, TrainerDashboard } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoAnalytics(world: DemoWorld) {
  async function get<T>(url: string): Promise<T> {
    const response = await world.get('julien.moreau', url);
    expect(response.statusCode).toBe(200);
    return response.json() as T;
  }

  describe('the demo organisation’s figures', () => {
    it('fills the dashboard, with learners to follow up', async () => {
      const dashboard = await get<TrainerDashboard>('/api/trainer/dashboard');
      expect(dashboard.learners.active).toBeGreaterThan(0);
      expect(dashboard.formations.published).toBeGreaterThan(0);
      expect(dashboard.week.seconds).toBeGreaterThan(0);
      expect(dashboard.attention.learners.map((learner) => learner.studentName)).toEqual(
        expect.arrayContaining(['Nathan Durand', 'Chloé Petit']),
      );
      // Chloé stopped coming two weeks ago, as the forum's thread about her says.
      const chloe = dashboard.attention.learners.find((learner) => learner.studentName === 'Chloé Petit');
      expect(chloe).toMatchObject({ progress: 0 });
      expect(chloe?.idleDays).toBeGreaterThanOrEqual(15);
    });

    it('gives the twelve months’ charts earlier cohorts: a completion, a dropout, several months', async () => {
      const analytics = await get<Analytics>('/api/trainer/analytics?period=12m');
      const months = analytics.enrolments.series.filter((point) => point.value > 0);
      expect(months.length).toBeGreaterThanOrEqual(4);
      expect(analytics.outcomes.completed).toBeGreaterThanOrEqual(1);
      expect(analytics.outcomes.droppedOut).toBeGreaterThanOrEqual(1);
      expect(analytics.time.totalSeconds).toBeGreaterThan(0);
      expect(analytics.quizzes.attempts).toBeGreaterThan(0);
      expect(analytics.satisfaction?.responses).toBeGreaterThan(0);
    });
  });
}
