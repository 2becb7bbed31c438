import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import type { EmailService } from '../email/email.module.ts';
import { createEvaluationSending, type LoadRecipient } from './evaluation-sending.ts';
import { evaluationRoutesPlugin } from './evaluations.routes.ts';
import { createEvaluationsService } from './evaluations.service.ts';
import { seedDemoEvaluations } from './seed-demo-evaluations.ts';

export const EVALUATION_SENDING_JOB = 'evaluation-sending';

/** Hourly: a questionnaire or a reminder goes out within the hour it falls due. */
const SENDING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Custom evaluations (issue 16 point 5, Qualiopi indicator 30): the questionnaire builder, the
 * automatic hot and cold sending with reminders, surveys sent by hand, answers by single-use link
 * or in the app, and the results. `service.satisfactionSummary` feeds the analytics.
 */
export function createEvaluationsModule(deps: {
  database: Database;
  courses: Pick<CoursesService, 'titleOf' | 'listEnrollmentsForReminders'>;
  email: Pick<EmailService, 'enqueue'>;
  loadRecipient: LoadRecipient;
  secret: string;
  appUrl: string;
  supportEmail: string;
  now: () => Date;
}) {
  const service = createEvaluationsService(deps);
  const sending = createEvaluationSending(deps);
  const jobs: ScheduledJob[] = [
    {
      name: EVALUATION_SENDING_JOB,
      intervalMs: SENDING_INTERVAL_MS,
      run: async (at) => ({
        invited: await sending.sendOnCompletion(at),
        reminded: await sending.sendReminders(at),
      }),
    },
  ];
  const routes: FastifyPluginAsync = (app) =>
    evaluationRoutesPlugin(app, { evaluations: service, sending, now: deps.now });
  return {
    service,
    sending,
    routes,
    jobs,
    seedDemo: (input: Parameters<typeof seedDemoEvaluations>[1]) =>
      seedDemoEvaluations({ database: deps.database, secret: deps.secret }, input),
  };
}
