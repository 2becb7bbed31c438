import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { EmailService } from '../email/email.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { questionRoutesPlugin } from './questions.routes.ts';
import { createQuestionsService } from './questions.service.ts';
import { seedDemoQuestions } from './seed-demo-questions.ts';

/** Learners' questions to their organisation's trainers, and the trainers' hub (issue 14 points 1, 2). */
export { eraseQuestions, exportQuestionsPersonalData } from './questions.personal-data.ts';
export function createQuestionsModule(deps: {
  database: Database;
  notifications: NotificationsService;
  /** The email module's per-user sender (question-created, question-replied, student-reply-received). */
  email: Pick<EmailService, 'sendToUser'>;
  /** The organisations module's answer: who the trainers and admins of an organisation are. */
  listStaffIds: (organizationId: string) => Promise<string[]>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const service = createQuestionsService(deps);
  const routes: FastifyPluginAsync = (app) => questionRoutesPlugin(app, { questions: service });
  return {
    service,
    routes,
    seedDemo: (input: Parameters<typeof seedDemoQuestions>[1]) =>
      seedDemoQuestions({ database: deps.database }, input),
  };
}
