import type { SessionUser } from '@cursus/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createAttemptCounter } from '../../lib/rate-limit.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import type { EmailService, Mailer } from '../email/email.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { createAttemptsService } from './attempts.service.ts';
import { listLearnerAttempts } from './learner-attempts.ts';
import { positioningRoutesPlugin } from './positioning.routes.ts';
import { attachPositioningToAccount, createPositioningService } from './positioning.service.ts';
import { publicQuizRoutesPlugin } from './public-quiz.routes.ts';
import { createPublicQuizService } from './public-quiz.service.ts';
import { createQuestionBankService } from './question-bank.service.ts';
import { quizRoutesPlugin } from './quizzes.routes.ts';
import { createQuizzesService } from './quizzes.service.ts';
import { seedDemoPositioning } from './seed-demo-positioning.ts';
import { seedDemoQuizzes } from './seed-demo-quizzes.ts';
import {
  createSessionQuizAnnouncements,
  SESSION_QUIZ_JOB,
  SESSION_QUIZ_JOB_INTERVAL_MS,
  type SessionQuizSessions,
} from './session-quizzes.ts';

/**
 * Quizzes (issue 13): the trainers' question bank and quizzes attached to formations or group
 * sessions, and the learners' attempts, timed and scored by the server. A passed attempt counts for
 * quiz_success badges; a session quiz that opens is announced by email to the session's learners.
 */
export { eraseQuizRespondent, exportQuizzesPersonalData } from './quizzes.personal-data.ts';
export function createQuizzesModule(deps: {
  database: Database;
  organizations: OrganizationsService;
  courses: CoursesService;
  groupSessions: SessionQuizSessions;
  achievements: AchievementsService;
  /** 'session-quiz-available' emails, through the outbox. */
  email: Pick<EmailService, 'sendToUser'>;
  now: () => Date;
  log: { error(object: object, message: string): void };
  /** Positioning invitations go out by email, with links to APP_URL. */
  mailer: Mailer;
  appUrl: string;
}) {
  const { database, organizations, courses, achievements, now, log } = deps;
  const { groupSessions } = deps;
  const announcements = createSessionQuizAnnouncements({ database, groupSessions, email: deps.email, log });
  const service = createQuizzesService({
    database,
    organizations,
    courses,
    groupSessions,
    announce: announcements.announceQuiz,
    now,
  });
  const bank = createQuestionBankService({ database });
  const attempts = createAttemptsService({ database, courses, groupSessions, achievements, now, log });
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
    /** One learner's attempts, for the learners module's record. */
    listLearnerAttempts,
    positioning,
    routes,
    jobs: [
      {
        name: SESSION_QUIZ_JOB,
        intervalMs: SESSION_QUIZ_JOB_INTERVAL_MS,
        run: announcements.announceOpened,
      },
    ] satisfies ScheduledJob[],
    seedDemo: (input: Omit<Parameters<typeof seedDemoQuizzes>[0], 'database' | 'recomputeProgress'>) =>
      seedDemoQuizzes({ database, recomputeProgress: courses.recomputeProgress, ...input }),
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
