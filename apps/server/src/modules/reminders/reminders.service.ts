import type { Database } from '../../db/client.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import type { EmailService } from '../email/email.module.ts';
import { type SignaturesService, signaturePath } from '../signatures/signatures.module.ts';
import { type DueReminder, sendRemindersOnce } from './reminder-ledger.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC 9: a learner is reminded after more than 5 days without a session. */
export const INACTIVITY_DAYS = 5;
/**
 * SPEC 9: a learner who never had a session counts as inactive for 30 days. Product decision: at
 * most 30, counted from their enrolment, so a learner enrolled an hour ago is not told they have
 * been away for a month, and is reminded like anyone else once 5 days have passed.
 */
export const NEVER_ACTIVE_DAYS = 30;

/** The learner's page each reminder leads to (the web's paths table). */
const DASHBOARD_PATH = '/dashboard';

export function createRemindersService(deps: {
  database: Pick<Database, 'jobs'>;
  courses: Pick<CoursesService, 'listEnrollmentsForReminders'>;
  signatures: Pick<SignaturesService, 'listUnsignedCompletions'>;
  /** The time-tracking module's read: each learner's last activity. */
  lastActivityOf: (userIds: string[]) => Promise<Map<string, Date>>;
  email: Pick<EmailService, 'sendToUser'>;
}) {
  const { courses } = deps;
  const ledger = { db: deps.database.jobs, email: deps.email };

  /** Completed formations whose learner has not signed them yet (one query, signatures module). */
  function listUnsignedCompletions() {
    return deps.signatures.listUnsignedCompletions();
  }

  return {
    /**
     * SPEC 9: a learner with a formation below 100 % and no session for over 5 days is reminded,
     * once per stretch of inactivity: the stretch is named by the last activity it follows, so the
     * next reminder waits for a new session and another 5 days without one. A learner who never
     * had a session is one stretch ('never'), from their first enrolment, counted as 30 days at most.
     */
    async sendInactivityReminders(at: Date): Promise<number> {
      const enrollments = await courses.listEnrollmentsForReminders({ completed: false });
      const byLearner = new Map<string, typeof enrollments>();
      for (const enrollment of enrollments) {
        const list = byLearner.get(enrollment.studentId) ?? [];
        list.push(enrollment);
        byLearner.set(enrollment.studentId, list);
      }
      const lastActivity = await deps.lastActivityOf([...byLearner.keys()]);
      const due: DueReminder<'inactivity-reminder'>[] = [];
      for (const [userId, list] of byLearner) {
        const last = lastActivity.get(userId);
        const since =
          last ?? new Date(Math.min(...list.map((enrollment) => enrollment.enrolledAt.getTime())));
        if (at.getTime() - since.getTime() <= INACTIVITY_DAYS * DAY_MS) continue;
        const days = Math.floor((at.getTime() - since.getTime()) / DAY_MS);
        const daysInactive = last ? days : Math.min(days, NEVER_ACTIVE_DAYS);
        // One email per learner, even when their formations belong to several organisations.
        due.push({
          key: {
            organizationId: list[0]!.organizationId,
            userId,
            kind: 'inactivity-reminder',
            reference: last ? `after:${last.toISOString()}` : 'never',
          },
          data: {
            daysInactive,
            courses: list.map((enrollment) => ({
              title: enrollment.courseTitle,
              progress: enrollment.progress,
            })),
            path: DASHBOARD_PATH,
          },
        });
      }
      return sendRemindersOnce(ledger, due, at);
    },

    /** SPEC 9: a learner whose formation reached 100 % is asked, once per formation, to sign. */
    async sendMissingSignatureReminders(at: Date): Promise<number> {
      const unsigned = await listUnsignedCompletions();
      const due: DueReminder<'missing-signature'>[] = unsigned.map((enrollment) => ({
        key: {
          organizationId: enrollment.organizationId,
          userId: enrollment.studentId,
          kind: 'missing-signature',
          reference: enrollment.courseId,
        },
        data: { courseTitle: enrollment.courseTitle, path: signaturePath(enrollment.courseId, null) },
      }));
      return sendRemindersOnce(ledger, due, at);
    },
  };
}
