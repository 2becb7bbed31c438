import type { Database } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import type { EmailService } from '../email/email.module.ts';
import type { SignaturesService } from '../signatures/signatures.module.ts';
import { createRemindersService } from './reminders.service.ts';

// Other domains' reminders (the group sessions') go through the same ledger.
export { type DueReminder, sendRemindersOnce } from './reminder-ledger.ts';

export const INACTIVITY_REMINDER_JOB = 'inactivity-reminders';
export const MISSING_SIGNATURE_JOB = 'missing-signature-reminders';

/** Hourly: a reminder goes out within the hour it falls due; the ledger keeps each to once. */
const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/** Reminder emails sent by background jobs (issue 14 point 7), each once (the sent_reminders ledger). */
export function createRemindersModule(deps: {
  database: Database;
  courses: Pick<CoursesService, 'listEnrollmentsForReminders'>;
  signatures: Pick<SignaturesService, 'listUnsignedCompletions'>;
  lastActivityOf: (userIds: string[]) => Promise<Map<string, Date>>;
  email: Pick<EmailService, 'sendToUser'>;
}) {
  const service = createRemindersService(deps);
  const jobs: ScheduledJob[] = [
    { name: INACTIVITY_REMINDER_JOB, intervalMs: REMINDER_INTERVAL_MS, run: service.sendInactivityReminders },
    {
      name: MISSING_SIGNATURE_JOB,
      intervalMs: REMINDER_INTERVAL_MS,
      run: service.sendMissingSignatureReminders,
    },
  ];
  return { service, jobs };
}
