import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { EmailService } from '../email/email.module.ts';
import type { GroupSessionsService } from '../group-sessions/group-sessions.module.ts';
import { type DueReminder, sendRemindersOnce } from '../reminders/reminders.module.ts';
import { quizzes } from './quizzes.tables.ts';

/** What the quizzes module reads of group sessions (their module owns the tables). */
export type SessionQuizSessions = Pick<
  GroupSessionsService,
  'titleOf' | 'hasStarted' | 'getSessionForStaff' | 'getMine' | 'listStartedWithParticipants'
>;

export const SESSION_QUIZ_JOB = 'session-quiz-announcements';
/** Every 15 minutes: a quiz opens when its session starts, and learners hear of it then, not an hour later. */
export const SESSION_QUIZ_JOB_INTERVAL_MS = 15 * 60 * 1000;
/**
 * How far back the job looks for sessions that started: enough to catch up after a stopped server.
 * A quiz attached or activated later, for a session already started, is announced when it is saved.
 */
export const SESSION_QUIZ_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

/** The learner's page of a session quiz (SPEC 2 `/quizz?quiz=…&from=session&session=…`). */
export const sessionQuizPath = (quizId: string, sessionId: string) =>
  `/quizz?${new URLSearchParams({ quiz: quizId, from: 'session', session: sessionId })}`;

/**
 * SPEC 7 'session_quiz_available' (issue 13 point 5): a quiz attached to a group session opens when
 * the session starts (or when it is activated, if later); each invited learner is emailed once per
 * quiz, through the reminders ledger (reference: the quiz's id), in their language.
 */
export function createSessionQuizAnnouncements(deps: {
  database: Pick<Database, 'jobs'>;
  groupSessions: Pick<SessionQuizSessions, 'listStartedWithParticipants'>;
  email: Pick<EmailService, 'sendToUser'>;
  log: { error(object: object, message: string): void };
}) {
  const { database, groupSessions, email, log } = deps;

  /** Active quizzes attached to a session, across organisations (read as the jobs role). */
  const activeSessionQuizzes = (quizId?: string) =>
    database.jobs
      .select({
        id: quizzes.id,
        organizationId: quizzes.organizationId,
        title: quizzes.title,
        groupSessionId: quizzes.groupSessionId,
      })
      .from(quizzes)
      .where(
        and(
          eq(quizzes.isActive, true),
          isNotNull(quizzes.groupSessionId),
          quizId ? eq(quizzes.id, quizId) : undefined,
        ),
      );

  async function announce(found: Awaited<ReturnType<typeof activeSessionQuizzes>>, since: Date, at: Date) {
    const sessionIds = [
      ...new Set(found.flatMap((quiz) => (quiz.groupSessionId ? [quiz.groupSessionId] : []))),
    ];
    const sessions = new Map(
      (await groupSessions.listStartedWithParticipants(sessionIds, since, at)).map((session) => [
        session.id,
        session,
      ]),
    );
    const due: DueReminder<'session-quiz-available'>[] = [];
    for (const quiz of found) {
      const session = quiz.groupSessionId ? sessions.get(quiz.groupSessionId) : undefined;
      if (!session) continue;
      for (const userId of session.studentIds)
        due.push({
          key: {
            organizationId: quiz.organizationId,
            userId,
            kind: 'session-quiz-available',
            reference: quiz.id,
          },
          data: {
            sessionTitle: session.title,
            quizTitle: quiz.title,
            path: sessionQuizPath(quiz.id, session.id),
          },
        });
    }
    return sendRemindersOnce({ db: database.jobs, email }, due, at);
  }

  return {
    /** The job: session quizzes whose session started since the last week. */
    announceOpened: async (at: Date) =>
      announce(await activeSessionQuizzes(), new Date(at.getTime() - SESSION_QUIZ_LOOKBACK_MS), at),

    /**
     * After a quiz is saved: attached to a session that already started, it opens now. Called after
     * the commit; a failure is logged, never the trainer's error (the job tries again).
     */
    async announceQuiz(quizId: string, at: Date): Promise<number> {
      try {
        return await announce(await activeSessionQuizzes(quizId), new Date(0), at);
      } catch (error) {
        log.error({ err: error, quizId }, 'session quiz announcement failed');
        return 0;
      }
    },
  };
}
