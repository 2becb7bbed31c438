import type { SessionUser } from '@cursus/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createAttemptCounter } from '../../lib/rate-limit.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import type { Mailer } from '../email/email.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { createAttemptsService } from './attempts.service.ts';
import { positioningRoutesPlugin } from './positioning.routes.ts';
import { attachPositioningToAccount, createPositioningService } from './positioning.service.ts';
import { publicQuizRoutesPlugin } from './public-quiz.routes.ts';
import { createPublicQuizService } from './public-quiz.service.ts';
import { createQuestionBankService } from './question-bank.service.ts';
import { quizRoutesPlugin } from './quizzes.routes.ts';
import { createQuizzesService } from './quizzes.service.ts';
import { seedDemoPositioning } from './seed-demo-positioning.ts';
import { seedDemoQuizzes } from './seed-demo-quizzes.ts';

/**
 * Quizzes (issue 13): the trainers' question bank and quizzes attached to formations, and the
 * learners' attempts, timed and scored by the server. A passed attempt counts for quiz_success badges.
 */
export function createQuizzesModule(deps: {
  database: Database;
  organizations: OrganizationsService;
  courses: CoursesService;
  achievements: AchievementsService;
  now: () => Date;
  log: { error(object: object, message: string): void };
  /** Positioning invitations go out by email, with links to APP_URL. */
  mailer: Mailer;
  appUrl: string;
}) {
  const { database, organizations, courses, achievements, now, log } = deps;
  const service = createQuizzesService({ database, organizations, courses });
  const bank = createQuestionBankService({ database });
  const attempts = createAttemptsService({ database, courses, achievements, now, log });
  // Public quizzes and positioning: visitors' limits are counted as cursus_service.
  const guestLimits = createAttemptCounter(database.service, now);
  const publicQuiz = createPublicQuizService({ database, organizations, attempts: guestLimits, now });
  const positioning = createPositioningService({
    database,
    organizations,
    courses,
    mailer: deps.mailer,
    attempts: guestLimits,
    appUrl: deps.appUrl,
    now,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(quizRoutesPlugin, { quizzes: service, bank, attempts });
    await app.register(publicQuizRoutesPlugin, { publicQuiz });
    await app.register(positioningRoutesPlugin, { positioning });
  };
  return {
    service,
    attempts,
    positioning,
    routes,
    seedDemo: (input: Omit<Parameters<typeof seedDemoQuizzes>[0], 'database'>) =>
      seedDemoQuizzes({ database, ...input }),
    seedDemoPositioning: (input: Omit<Parameters<typeof seedDemoPositioning>[0], 'database'>) =>
      seedDemoPositioning({ database, ...input }),
  };
}

/**
 * For the auth module's sign-in, built before this module: the positioning invitations sent to the
 * account's address attach to it (issue 13 point 4).
 */
export function createPositioningAttachment(database: Database) {
  return (user: SessionUser) => attachPositioningToAccount(database.service, user);
}
