import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import type { EmailService } from '../email/email.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { sendRemindersOnce } from '../reminders/reminders.module.ts';
import { groupSessionRoutesPlugin } from './group-sessions.routes.ts';
import { createGroupSessionsService } from './group-sessions.service.ts';
import { seedDemoGroupSessions } from './seed-demo-group-sessions.ts';

export { type GroupSessionsService, timingOf } from './group-sessions.service.ts';

export const GROUP_SESSION_REMINDER_JOB = 'group-session-reminders';
/** Hourly, like the other reminders: a 25-hour window checked every hour reaches everyone in time. */
const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/** Group sessions (issue 15 point 1): trainers schedule them, invited learners join them. */
export function createGroupSessionsModule(deps: {
  database: Database;
  organizations: Pick<OrganizationsService, 'pageStudents'>;
  email: Pick<EmailService, 'sendToUser'>;
  notifications: Pick<NotificationsService, 'createNotifications'>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, email } = deps;
  const service = createGroupSessionsService(deps);
  const routes: FastifyPluginAsync = (app) => groupSessionRoutesPlugin(app, { groupSessions: service });
  const jobs: ScheduledJob[] = [
    {
      name: GROUP_SESSION_REMINDER_JOB,
      intervalMs: REMINDER_INTERVAL_MS,
      run: async (at: Date) =>
        sendRemindersOnce({ db: database.jobs, email }, await service.listDueReminders(at), at),
    },
  ];
  return {
    service,
    routes,
    jobs,
    seedDemo: (input: Parameters<typeof seedDemoGroupSessions>[1]) =>
      seedDemoGroupSessions({ database }, input),
  };
}
