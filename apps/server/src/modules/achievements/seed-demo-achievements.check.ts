import type { MyAchievements } from '@cursus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { badges, userBadges } from './achievements.tables.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoAchievements(world: DemoWorld) {
  const account = (local: string) => world.account(local);

  async function earned(email: string): Promise<string[]> {
    const rows = await world.testApp.database.db
      .select({ key: sql<string>`coalesce(${badges.systemKey}, ${badges.name})` })
      .from(userBadges)
      .innerJoin(badges, eq(badges.id, userBadges.badgeId))
      .where(eq(userBadges.userId, account(email).userId));
    return rows.map((row) => row.key).sort();
  }

  describe('demo achievements', () => {
    it('gives the demo learners the badges their seeded history earns, each announced', async () => {
      const hugo = await earned('hugo.bernard');
      // Hugo finished the published formation and signed in several times.
      expect(hugo).toEqual(expect.arrayContaining(['first_course', 'first_login', 'first_hour']));
      expect(await earned('lea.martin')).toEqual(expect.arrayContaining(['first_login']));
      expect(await earned('lea.martin')).not.toContain('first_course');
      // Learners with no history yet have nothing, so a first sign-in earns a badge in the demo.
      expect(await earned('lucas.robert')).toEqual([]);
      const announced = await world.testApp.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, account('hugo.bernard').userId),
            eq(notifications.type, 'achievement'),
          ),
        );
      expect(announced).toHaveLength(hugo.length);
    });

    it("adds a badge of the organisation's own to the system set", async () => {
      const [own] = await world.testApp.database.db
        .select()
        .from(badges)
        .where(eq(badges.name, 'Pilier de la promo'));
      expect(own).toMatchObject({ criterion: 'time_spent', rarity: 'rare', systemKey: null });
      // Hugo's seeded time earns it: the demo shows a trophy.
      expect(await earned('hugo.bernard')).toContain('Pilier de la promo');
    });

    it('shows a demo learner their badges on the achievements screen', async () => {
      const response = await world.get('hugo.bernard', '/api/achievements');
      const mine = response.json() as MyAchievements;
      expect(mine.badges.filter((badge) => badge.awardedAt !== null).length).toBeGreaterThanOrEqual(3);
    });
  });
}
