import type { AchievementCriterion } from '@cursus/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { achievementRoutesPlugin } from './achievements.routes.ts';
import { createAchievementsService } from './achievements.service.ts';
import { seedDemoAchievements } from './seed-demo-achievements.ts';

/**
 * What other modules call when an event that a badge may count has happened. It never throws: a
 * failure is logged, and the learner's action goes on.
 */
export type AchievementsService = {
  evaluate(input: {
    organizationId: string;
    userId: string;
    criterion: 'time_spent' | 'login' | 'course_completion' | 'quiz_success' | 'attendance';
  }): Promise<void>;
};

/** Badges (SPEC 3): awarded by rules when the event happens, shown on the learner's achievements screen. */
export function createAchievementsModule(deps: {
  database: Database;
  notifications: NotificationsService;
  log: { error(object: object, message: string): void };
}) {
  const achievements = createAchievementsService(deps);
  const service: AchievementsService & {
    evaluateAll(input: { organizationId: string; userId: string }): Promise<void>;
  } = {
    evaluate: achievements.evaluate,
    /** Every criterion at once (the demo seed, after writing a learner's history). */
    async evaluateAll(input) {
      for (const criterion of [
        'time_spent',
        'login',
        'course_completion',
        'quiz_success',
        'attendance',
      ] satisfies AchievementCriterion[])
        await achievements.evaluate({ ...input, criterion });
    },
  };
  const routes: FastifyPluginAsync = (app) => achievementRoutesPlugin(app, { achievements });
  return {
    service,
    routes,
    seedDemo: (input: Parameters<typeof seedDemoAchievements>[1]) =>
      seedDemoAchievements({ database: deps.database, achievements: service }, input),
  };
}
