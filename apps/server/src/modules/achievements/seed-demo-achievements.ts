import { SYSTEM_BADGES } from '@cursus/contracts';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badges } from './achievements.tables.ts';

/**
 * A badge of the demo organisation's own, then the rules run for each demo learner over the history
 * the other modules seeded (sign-ins, time, completions): the badges they earn are real, with their
 * notifications. Run once, as the owner.
 */
export async function seedDemoAchievements(
  deps: {
    database: Database;
    /** Runs every criterion's rules for one learner. */
    achievements: { evaluateAll(input: { organizationId: string; userId: string }): Promise<void> };
  },
  input: { organizationId: string; trainerId: string; studentIds: string[] },
) {
  const { db } = deps.database;
  const { organizationId, trainerId } = input;
  const [own] = await db
    .select({ total: count() })
    .from(badges)
    .where(eq(badges.organizationId, organizationId));
  // The system badges are there from the start; more means this already ran.
  if ((own?.total ?? 0) > SYSTEM_BADGES.length) return;
  await db.insert(badges).values({
    organizationId,
    name: 'Pilier de la promo',
    description: 'Quinze heures de formation suivies sur la plateforme.',
    criterion: 'time_spent',
    threshold: 900,
    rarity: 'rare',
    createdBy: trainerId,
  });
  for (const userId of input.studentIds) await deps.achievements.evaluateAll({ organizationId, userId });
}
