import { randomUUID } from 'node:crypto';
import {
  EVALUATION_REMINDER_DAYS,
  evaluationAnswerPath,
  type Language,
  type SendSurveyInput,
  SendSurveyInputSchema,
  type SendSurveyResult,
  type SessionUser,
} from '@cursus/contracts';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter, type Limit } from '../../lib/rate-limit.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import { type EmailService, type EvaluationEmailKind, renderEvaluationEmail } from '../email/email.module.ts';
import { hashToken, invitationToken } from './evaluation-tokens.ts';
import {
  evaluationInvitations as invitations,
  evaluationQuestionnaires as questionnaires,
} from './evaluations.tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A hijacked trainer account cannot turn the outbox into a spam cannon: 20 sends (of 200) an hour. */
const SURVEY_SENDS_PER_USER: Limit = { max: 20, windowMs: 60 * 60 * 1000 };

/** The person a learner's invitation goes to: the organisations module's lookup. */
export type LoadRecipient = (
  userId: string,
) => Promise<{ email: string; fullName: string; language: Language } | null>;

interface MailedInvitation {
  id: string;
  email: string;
  name: string;
  language: string;
  courseTitle: string | null;
}

/**
 * When a reminder falls due: 3 days after the invitation, then 7 days after it, and never sooner
 * than the gap between the two after the previous reminder (a job that was down does not send both
 * reminders an hour apart).
 */
export function reminderDueAt(sentAt: Date, remindersSent: number, lastRemindedAt: Date | null): Date | null {
  const days = EVALUATION_REMINDER_DAYS[remindersSent];
  if (days === undefined) return null;
  const fromSent = sentAt.getTime() + days * DAY_MS;
  if (remindersSent === 0 || !lastRemindedAt) return new Date(fromSent);
  const gap = (days - EVALUATION_REMINDER_DAYS[remindersSent - 1]!) * DAY_MS;
  return new Date(Math.max(fromSent, lastRemindedAt.getTime() + gap));
}

export function createEvaluationSending(deps: {
  database: Database;
  courses: Pick<CoursesService, 'listEnrollmentsForReminders'>;
  email: Pick<EmailService, 'enqueue'>;
  loadRecipient: LoadRecipient;
  /** Derives each link's token (never stored). */
  secret: string;
  appUrl: string;
  supportEmail: string;
  now: () => Date;
}) {
  const { database, courses, email, secret, now } = deps;
  const attempts = createAttemptCounter(database.service, now);

  async function mail(
    kind: EvaluationEmailKind,
    invitation: MailedInvitation,
    questionnaire: { title: string; organizationName: string },
  ) {
    const token = invitationToken(secret, invitation.id);
    const language: Language = invitation.language === 'en' ? 'en' : 'fr';
    const rendered = await renderEvaluationEmail({
      kind,
      language,
      supportEmail: deps.supportEmail,
      data: {
        name: invitation.name,
        organization: questionnaire.organizationName,
        title: questionnaire.title,
        course: invitation.courseTitle,
        url: new URL(evaluationAnswerPath(token), deps.appUrl).toString(),
      },
    });
    await email.enqueue({ to: invitation.email, template: kind, language, ...rendered });
  }

  function newInvitation(id: string) {
    return { id, tokenHash: hashToken(invitationToken(secret, id)) };
  }

  return {
    /** Surveys: each new address gets its own link; an address already asked is not asked again. */
    async sendSurvey(actor: SessionUser, id: string, input: SendSurveyInput): Promise<SendSurveyResult> {
      const { recipients, language } = SendSurveyInputSchema.parse(input);
      if (actor.role !== 'admin' && !actor.organizationId) throw new AppError('NO_ORGANIZATION');
      await attempts.consume(`evaluation-send:${actor.id}`, SURVEY_SENDS_PER_USER);
      const { questionnaire, created } = await database.withTenant(tenantOf(actor), async (tx) => {
        const [found] = await tx
          .select({
            id: questionnaires.id,
            organizationId: questionnaires.organizationId,
            title: questionnaires.title,
            kind: questionnaires.kind,
            courseId: questionnaires.courseId,
            archivedAt: questionnaires.archivedAt,
            organizationName: sql<string>`(select o.name from organizations o where o.id = ${questionnaires.organizationId})`,
            courseTitle: sql<
              string | null
            >`(select c.title from courses c where c.id = ${questionnaires.courseId})`,
          })
          .from(questionnaires)
          .where(
            and(
              eq(questionnaires.id, id),
              actor.role === 'admin' ? undefined : eq(questionnaires.organizationId, actor.organizationId!),
            ),
          );
        if (!found) throw new AppError('EVALUATION_NOT_FOUND');
        if (found.kind !== 'survey' || found.archivedAt) throw new AppError('EVALUATION_NOT_SENDABLE');
        const unique = [...new Map(recipients.map((recipient) => [recipient.email, recipient])).values()];
        const rows = await tx
          .insert(invitations)
          .values(
            unique.map((recipient) => ({
              ...newInvitation(randomUUID()),
              organizationId: found.organizationId,
              questionnaireId: found.id,
              courseId: found.courseId,
              courseTitle: found.courseTitle,
              email: recipient.email,
              name: recipient.name,
              language,
              sentAt: now(),
            })),
          )
          .onConflictDoNothing({
            target: [invitations.questionnaireId, invitations.email],
            where: sql`${invitations.studentId} is null`,
          })
          .returning();
        return { questionnaire: found, created: rows };
      });
      // After the commit: a link is mailed only once its invitation exists.
      for (const invitation of created) {
        await mail('evaluation-invitation', invitation, {
          title: questionnaire.title,
          organizationName: questionnaire.organizationName ?? '',
        });
      }
      const sentTo = new Set(created.map((invitation) => invitation.email));
      return {
        sent: created.length,
        skipped: [...new Set(recipients.map((recipient) => recipient.email))].filter(
          (address) => !sentTo.has(address),
        ),
      };
    },

    /**
     * Hot questionnaires go to a learner once their formation reaches 100 %, cold ones `weeks` after
     * that (the day of their last lesson completed), each once per learner and formation (the
     * invitations' unique key). Completions from before the questionnaire existed are left alone:
     * creating a questionnaire does not mail every past learner.
     */
    async sendOnCompletion(at: Date): Promise<number> {
      const db = database.jobs;
      const active = await db
        .select({
          id: questionnaires.id,
          organizationId: questionnaires.organizationId,
          title: questionnaires.title,
          kind: questionnaires.kind,
          courseId: questionnaires.courseId,
          coldDelayWeeks: questionnaires.coldDelayWeeks,
          createdAt: questionnaires.createdAt,
          organizationName: sql<string>`(select o.name from organizations o where o.id = ${questionnaires.organizationId})`,
        })
        .from(questionnaires)
        .where(
          and(
            inArray(questionnaires.kind, ['hot', 'cold']),
            eq(questionnaires.audience, 'learners'),
            isNull(questionnaires.archivedAt),
          ),
        );
      if (active.length === 0) return 0;
      const completed = await courses.listEnrollmentsForReminders({ completed: true });
      const pairs = active.flatMap((questionnaire) =>
        completed
          .filter(
            (enrollment) =>
              enrollment.organizationId === questionnaire.organizationId &&
              (!questionnaire.courseId || questionnaire.courseId === enrollment.courseId),
          )
          .map((enrollment) => ({ questionnaire, enrollment })),
      );
      if (pairs.length === 0) return 0;
      const asked = await db
        .select({
          questionnaireId: invitations.questionnaireId,
          studentId: invitations.studentId,
          courseId: invitations.courseId,
        })
        .from(invitations)
        .where(
          and(
            inArray(
              invitations.questionnaireId,
              active.map((questionnaire) => questionnaire.id),
            ),
            isNotNull(invitations.studentId),
          ),
        );
      const key = (questionnaireId: string, studentId: string | null, courseId: string | null) =>
        `${questionnaireId}|${studentId}|${courseId}`;
      const done = new Set(asked.map((row) => key(row.questionnaireId, row.studentId, row.courseId)));
      const open = pairs.filter(
        ({ questionnaire, enrollment }) =>
          !done.has(key(questionnaire.id, enrollment.studentId, enrollment.courseId)),
      );
      if (open.length === 0) return 0;
      const completions = rowsOf<{ course_id: string; student_id: string; completed_at: string | Date }>(
        await db.execute(sql`select course_id, student_id, max(completed_at) as completed_at
          from lesson_completions
          where student_id in (${sql.join(
            [...new Set(open.map(({ enrollment }) => enrollment.studentId))].map((id) => sql`${id}`),
            sql`, `,
          )})
          group by course_id, student_id`),
      );
      const completedAt = new Map(
        completions.map((row) => [`${row.course_id}|${row.student_id}`, new Date(row.completed_at)]),
      );
      let sent = 0;
      for (const { questionnaire, enrollment } of open) {
        const completion = completedAt.get(`${enrollment.courseId}|${enrollment.studentId}`);
        if (!completion) continue;
        const dueAt =
          questionnaire.kind === 'hot'
            ? completion
            : new Date(completion.getTime() + questionnaire.coldDelayWeeks * WEEK_MS);
        if (dueAt > at || dueAt < questionnaire.createdAt) continue;
        const learner = await deps.loadRecipient(enrollment.studentId);
        if (!learner) continue;
        const [created] = await db
          .insert(invitations)
          .values({
            ...newInvitation(randomUUID()),
            organizationId: questionnaire.organizationId,
            questionnaireId: questionnaire.id,
            studentId: enrollment.studentId,
            courseId: enrollment.courseId,
            courseTitle: enrollment.courseTitle,
            email: learner.email,
            name: learner.fullName,
            language: learner.language,
            sentAt: at,
          })
          .onConflictDoNothing({
            target: [invitations.questionnaireId, invitations.studentId, invitations.courseId],
            where: sql`${invitations.studentId} is not null`,
          })
          .returning();
        // Another instance inserted it first: that one mails it.
        if (!created) continue;
        await mail('evaluation-invitation', created, {
          title: questionnaire.title,
          organizationName: questionnaire.organizationName ?? '',
        });
        sent++;
      }
      return sent;
    },

    /**
     * Up to two reminders of an unanswered invitation. Each is claimed (the count moves from n to
     * n + 1 in one conditional update) before it is mailed, so it goes out at most once.
     */
    async sendReminders(at: Date): Promise<number> {
      const db = database.jobs;
      const pending = await db
        .select({
          invitation: invitations,
          title: questionnaires.title,
          organizationName: sql<string>`(select o.name from organizations o where o.id = ${invitations.organizationId})`,
        })
        .from(invitations)
        .innerJoin(questionnaires, eq(questionnaires.id, invitations.questionnaireId))
        .where(
          and(
            isNull(invitations.answeredAt),
            lt(invitations.remindersSent, EVALUATION_REMINDER_DAYS.length),
            isNull(questionnaires.archivedAt),
          ),
        );
      let sent = 0;
      for (const { invitation, title, organizationName } of pending) {
        const dueAt = reminderDueAt(invitation.sentAt, invitation.remindersSent, invitation.lastRemindedAt);
        if (!dueAt || dueAt > at) continue;
        const claimed = await db
          .update(invitations)
          .set({ remindersSent: invitation.remindersSent + 1, lastRemindedAt: at })
          .where(
            and(
              eq(invitations.id, invitation.id),
              eq(invitations.remindersSent, invitation.remindersSent),
              isNull(invitations.answeredAt),
            ),
          )
          .returning({ id: invitations.id });
        if (claimed.length === 0) continue;
        await mail('evaluation-reminder', invitation, { title, organizationName: organizationName ?? '' });
        sent++;
      }
      return sent;
    },
  };
}

export type EvaluationSending = ReturnType<typeof createEvaluationSending>;
