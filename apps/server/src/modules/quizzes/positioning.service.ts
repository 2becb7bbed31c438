import { createHash, randomBytes } from 'node:crypto';
import type {
  GuestAttemptStart,
  Language,
  PositioningCourseReport,
  PositioningInvitation,
  PositioningInvitationView,
  PositioningListQuery,
  PositioningStatus,
  PositioningStudentReport,
  SendPositioningInputSchema,
  SendPositioningResult,
  SessionUser,
  StartPositioningInput,
  SubmitPositioningInput,
} from '@cursus/contracts';
import { and, count, desc, eq, gt, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Db, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AttemptCounter, Limit } from '../../lib/rate-limit.ts';
import type { CoursesService } from '../courses/courses.module.ts';
import type { Mailer } from '../email/email.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { countQuestions } from './deal-questions.ts';
import { readRecipients } from './positioning.recipients.ts';
import { positioningTokens } from './positioning.tables.ts';
import { startGuestAttempt, submitGuestAttempt, toAttemptStart } from './public-quiz.guests.ts';
import { guestQuizColumns } from './public-quiz.service.ts';
import { quizAttempts, quizzes } from './quizzes.tables.ts';
import { scoreQuestion } from './scoring.ts';

const HOUR = 60 * 60 * 1000;
/**
 * A token is 32 random bytes, so nobody guesses one; the per-IP limit still bounds what a script
 * can make the server do with the public routes, and a trainer's bulk sends are bounded so a
 * hijacked trainer account cannot turn the outbox into a spam cannon.
 */
export const POSITIONING_LIMITS = {
  // A group invited together may answer at once from one company network (one address).
  visitorCallsPerIp: { max: 300, windowMs: 15 * 60 * 1000 },
  sendsPerUser: { max: 20, windowMs: HOUR },
} satisfies Record<string, Limit>;

/** Reports read at most this many answered invitations of a formation (the latest). */
const REPORT_MAX_ATTEMPTS = 500;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 43 base64url characters: the contracts' PositioningTokenSchema. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function formatDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    dateStyle: 'long',
    timeZone: 'Europe/Paris',
  }).format(date);
}

type TokenRow = typeof positioningTokens.$inferSelect;

/** Why a token cannot be used (now), or null. A withdrawn link answers like an unknown one. */
function refusalOf(token: TokenRow | undefined, now: Date): AppError | null {
  if (!token || token.revokedAt) return new AppError('POSITIONING_LINK_INVALID');
  if (token.answeredAt) return new AppError('POSITIONING_LINK_USED');
  if (token.expiresAt.getTime() <= now.getTime()) return new AppError('POSITIONING_LINK_EXPIRED');
  return null;
}

function statusOf(
  token: Pick<TokenRow, 'revokedAt' | 'answeredAt' | 'expiresAt'>,
  now: Date,
): PositioningStatus {
  if (token.revokedAt) return 'revoked';
  if (token.answeredAt) return 'answered';
  return token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function statusWhere(status: PositioningStatus | undefined, now: Date): SQL | undefined {
  const open = and(isNull(positioningTokens.revokedAt), isNull(positioningTokens.answeredAt));
  switch (status) {
    case 'revoked':
      return isNotNull(positioningTokens.revokedAt);
    case 'answered':
      return isNotNull(positioningTokens.answeredAt);
    case 'expired':
      return and(open, lte(positioningTokens.expiresAt, now));
    case 'pending':
      return and(open, gt(positioningTokens.expiresAt, now));
    default:
      return undefined;
  }
}

export function createPositioningService(options: {
  database: Database;
  organizations: OrganizationsService;
  courses: CoursesService;
  mailer: Mailer;
  attempts: AttemptCounter;
  appUrl: string;
  now: () => Date;
}) {
  const { database, organizations, courses, mailer, attempts, appUrl, now } = options;
  // Visitors have no tenant: cursus_service, which reaches an invitation by its token's hash only.
  const service = database.service;

  const invitationColumns = {
    id: positioningTokens.id,
    email: positioningTokens.email,
    courseId: positioningTokens.courseId,
    courseTitle: courses.titleOf(positioningTokens.courseId),
    quizId: positioningTokens.quizId,
    quizTitle: quizzes.title,
    sentAt: positioningTokens.sentAt,
    expiresAt: positioningTokens.expiresAt,
    revokedAt: positioningTokens.revokedAt,
    answeredAt: positioningTokens.answeredAt,
    userId: positioningTokens.userId,
    attemptId: positioningTokens.attemptId,
    respondentName: quizAttempts.respondentName,
    scorePercent: quizAttempts.scorePercent,
    passed: quizAttempts.passed,
  };
  const invitations = (tx: Tx) =>
    tx
      .select(invitationColumns)
      .from(positioningTokens)
      .innerJoin(quizzes, eq(quizzes.id, positioningTokens.quizId))
      .leftJoin(quizAttempts, eq(quizAttempts.id, positioningTokens.attemptId));
  type InvitationRow = Awaited<ReturnType<typeof invitations>>[number];

  /** Rows with their learners' names: one more statement, under the tenant's policies on profiles. */
  async function withStudents(tx: Tx, rows: InvitationRow[], at: Date): Promise<PositioningInvitation[]> {
    const userIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
    const people = userIds.length > 0 ? await organizations.findPeople(tx, { ids: userIds }) : [];
    const names = new Map(people.map((person) => [person.id, person.fullName]));
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      courseId: row.courseId,
      courseTitle: row.courseTitle ?? '',
      quizId: row.quizId,
      quizTitle: row.quizTitle,
      status: statusOf(row, at),
      sentAt: row.sentAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      answeredAt: row.answeredAt?.toISOString() ?? null,
      respondentName: row.respondentName,
      attemptId: row.answeredAt ? row.attemptId : null,
      scorePercent: row.answeredAt ? row.scorePercent : null,
      passed: row.answeredAt ? row.passed : null,
      // Only a learner the trainer may see: an account in another organisation stays unnamed.
      student:
        row.userId && names.has(row.userId) ? { id: row.userId, fullName: names.get(row.userId)! } : null,
    }));
  }

  /** The invitation behind a token, locked for the rest of the transaction, with its quiz. */
  async function lockToken(tx: Tx, token: string) {
    const [row] = await tx
      .select()
      .from(positioningTokens)
      .where(eq(positioningTokens.tokenHash, hashToken(token)))
      .for('update');
    return row;
  }

  async function guestQuizOf(tx: Tx, quizId: string) {
    const [quiz] = await tx
      .select({ ...guestQuizColumns, isActive: quizzes.isActive })
      .from(quizzes)
      .where(eq(quizzes.id, quizId));
    // A quiz switched off since the invitation: the link no longer leads anywhere.
    if (!quiz?.isActive) throw new AppError('POSITIONING_LINK_INVALID');
    return quiz;
  }

  return {
    /**
     * Bulk send (issue 13 point 4): every valid new address gets its own single-use link by email;
     * an earlier pending link of the same address, formation and quiz stops working.
     */
    async send(
      user: SessionUser,
      input: z.output<typeof SendPositioningInputSchema>,
    ): Promise<SendPositioningResult> {
      await attempts.consume(`user:${user.id}:positioning-send`, POSITIONING_LIMITS.sendsPerUser);
      const course = await courses.get(user, input.courseId);
      const { recipients, results } = readRecipients(input.lines);
      const at = now();
      const expiresAt = new Date(at.getTime() + input.validityDays * 24 * HOUR);
      const mails: { to: string; name: string; token: string }[] = [];
      const organizationName = await database.withTenant(tenantOf(user), async (tx) => {
        const [quiz] = await tx
          .select({ id: quizzes.id, organizationId: quizzes.organizationId })
          .from(quizzes)
          .where(and(eq(quizzes.id, input.quizId), eq(quizzes.organizationId, course.organizationId)));
        if (!quiz) throw new AppError('QUIZ_NOT_FOUND');
        for (const recipient of recipients) {
          const replaced = await tx
            .update(positioningTokens)
            .set({ revokedAt: at })
            .where(
              and(
                eq(positioningTokens.email, recipient.email),
                eq(positioningTokens.courseId, course.id),
                eq(positioningTokens.quizId, quiz.id),
                isNull(positioningTokens.answeredAt),
                isNull(positioningTokens.revokedAt),
                gt(positioningTokens.expiresAt, at),
              ),
            )
            .returning({ id: positioningTokens.id });
          const token = newToken();
          await tx.insert(positioningTokens).values({
            organizationId: quiz.organizationId,
            tokenHash: hashToken(token),
            email: recipient.email,
            courseId: course.id,
            quizId: quiz.id,
            language: input.language,
            sentBy: user.id,
            sentAt: at,
            expiresAt,
          });
          if (replaced.length > 0) results[recipient.line - 1]!.status = 'replaced';
          mails.push({ to: recipient.email, name: recipient.name ?? recipient.email, token });
        }
        return (await organizations.namesOf(tx, [quiz.organizationId])).get(quiz.organizationId) ?? '';
      });
      // Queued once the tokens are stored: a link never points at a token that was rolled back.
      for (const mail of mails) {
        await mailer.send({
          to: mail.to,
          template: 'positioning-invitation',
          language: input.language,
          data: {
            name: mail.name,
            url: `${appUrl}/positioning/${mail.token}`,
            organization: organizationName,
            course: course.title,
            expires: formatDate(expiresAt, input.language),
          },
        });
      }
      return { results, sentCount: mails.length };
    },

    list(user: SessionUser, query: PositioningListQuery) {
      const at = now();
      return database.withTenant(tenantOf(user), async (tx) => {
        const where = and(
          query.courseId ? eq(positioningTokens.courseId, query.courseId) : undefined,
          query.quizId ? eq(positioningTokens.quizId, query.quizId) : undefined,
          statusWhere(query.status, at),
        );
        const page = await readPage(
          query,
          tx.select({ total: count() }).from(positioningTokens).where(where),
          invitations(tx)
            .where(where)
            .orderBy(desc(positioningTokens.sentAt), desc(positioningTokens.id))
            .$dynamic(),
          (row) => row,
        );
        return { ...page, items: await withStudents(tx, page.items, at) };
      });
    },

    /** Withdraws a link not answered yet: it then answers like an unknown one. */
    revoke(user: SessionUser, invitationId: string) {
      return database.withTenant(tenantOf(user), async (tx) => {
        const [row] = await tx
          .select({ answeredAt: positioningTokens.answeredAt, revokedAt: positioningTokens.revokedAt })
          .from(positioningTokens)
          .where(eq(positioningTokens.id, invitationId));
        if (!row) throw new AppError('NOT_FOUND');
        if (row.answeredAt) throw new AppError('POSITIONING_LINK_USED');
        if (!row.revokedAt) {
          await tx
            .update(positioningTokens)
            .set({ revokedAt: now() })
            .where(and(eq(positioningTokens.id, invitationId), isNull(positioningTokens.answeredAt)));
        }
      });
    },

    /** Per formation: the invitations' outcome and, per question, how the answers went. */
    async courseReport(user: SessionUser, courseId: string): Promise<PositioningCourseReport> {
      const titles = await courses.titlesOf(tenantOf(user), [courseId]);
      const courseTitle = titles.get(courseId);
      if (courseTitle === undefined) throw new AppError('TRAINING_NOT_FOUND');
      const at = now();
      return database.withTenant(tenantOf(user), async (tx) => {
        const byStatus = (status: PositioningStatus) =>
          sql<number>`count(*) filter (where ${statusWhere(status, at)})`.mapWith(Number);
        const [counts] = await tx
          .select({
            sent: count(),
            answered: byStatus('answered'),
            pending: byStatus('pending'),
            expired: byStatus('expired'),
          })
          .from(positioningTokens)
          .where(and(eq(positioningTokens.courseId, courseId), isNull(positioningTokens.revokedAt)));
        const answered = await tx
          .select({
            questions: quizAttempts.questions,
            answers: quizAttempts.answers,
            scorePercent: quizAttempts.scorePercent,
          })
          .from(positioningTokens)
          .innerJoin(quizAttempts, eq(quizAttempts.id, positioningTokens.attemptId))
          .where(and(eq(positioningTokens.courseId, courseId), isNotNull(positioningTokens.answeredAt)))
          .orderBy(desc(positioningTokens.answeredAt))
          .limit(REPORT_MAX_ATTEMPTS);
        const questions = new Map<
          string,
          { text: string; answered: number; earned: number; possible: number }
        >();
        for (const attempt of answered) {
          for (const question of attempt.questions) {
            const stats = questions.get(question.id) ?? {
              text: question.text,
              answered: 0,
              earned: 0,
              possible: 0,
            };
            stats.answered += 1;
            stats.earned += scoreQuestion(question, attempt.answers[question.id]).pointsAwarded;
            stats.possible += question.points;
            questions.set(question.id, stats);
          }
        }
        const percents = answered.flatMap((attempt) =>
          attempt.scorePercent === null ? [] : [attempt.scorePercent],
        );
        return {
          courseId,
          courseTitle,
          counts: {
            sent: counts?.sent ?? 0,
            answered: counts?.answered ?? 0,
            pending: counts?.pending ?? 0,
            expired: counts?.expired ?? 0,
          },
          averagePercent:
            percents.length > 0
              ? Math.round(percents.reduce((sum, value) => sum + value, 0) / percents.length)
              : null,
          questions: [...questions].map(([questionId, stats]) => ({
            questionId,
            text: stats.text,
            answered: stats.answered,
            successPercent: stats.possible > 0 ? Math.round((100 * stats.earned) / stats.possible) : null,
          })),
        };
      });
    },

    /** Per learner: the invitations attached to their account, in the caller's organisation. */
    studentReport(user: SessionUser, studentId: string): Promise<PositioningStudentReport> {
      const at = now();
      return database.withTenant(tenantOf(user), async (tx) => {
        const [student] = await organizations.findPeople(tx, {
          ids: [studentId],
          organizationId: user.role === 'admin' ? undefined : (user.organizationId ?? undefined),
          placedOnly: true,
        });
        if (!student) throw new AppError('USER_NOT_FOUND');
        const rows = await invitations(tx)
          .where(eq(positioningTokens.userId, studentId))
          .orderBy(desc(positioningTokens.sentAt))
          .limit(100);
        return { student, items: await withStudents(tx, rows, at) };
      });
    },

    // Visitors, by token

    async view(token: string, ip: string): Promise<PositioningInvitationView> {
      await attempts.consume(`ip:${ip}:positioning`, POSITIONING_LIMITS.visitorCallsPerIp);
      const at = now();
      return service.transaction(async (tx) => {
        const [row] = await tx
          .select({
            token: positioningTokens,
            courseTitle: courses.titleOf(positioningTokens.courseId),
            quizTitle: quizzes.title,
            quizDescription: quizzes.description,
            isActive: quizzes.isActive,
            timeLimitMinutes: quizzes.timeLimitMinutes,
          })
          .from(positioningTokens)
          .innerJoin(quizzes, eq(quizzes.id, positioningTokens.quizId))
          .where(eq(positioningTokens.tokenHash, hashToken(token)));
        const refusal =
          refusalOf(row?.token, at) ?? (row?.isActive ? null : new AppError('POSITIONING_LINK_INVALID'));
        if (refusal || !row) throw refusal ?? new AppError('POSITIONING_LINK_INVALID');
        const invitation = row.token;
        const names = await organizations.namesOf(tx, [invitation.organizationId]);
        const questionCounts = await countQuestions(tx, [invitation.quizId]);
        let attempt: GuestAttemptStart | null = null;
        if (invitation.attemptId) {
          const [begun] = await tx
            .select()
            .from(quizAttempts)
            .where(eq(quizAttempts.id, invitation.attemptId));
          if (begun?.status === 'in_progress') attempt = toAttemptStart(begun, at);
        }
        return {
          organizationName: names.get(invitation.organizationId) ?? '',
          courseTitle: row.courseTitle ?? '',
          quizTitle: row.quizTitle,
          quizDescription: row.quizDescription,
          questionCount: questionCounts.get(invitation.quizId) ?? 0,
          timeLimitMinutes: row.timeLimitMinutes,
          email: invitation.email,
          expiresAt: invitation.expiresAt.toISOString(),
          attempt,
        };
      });
    },

    /** Begins the invitation's one attempt, or gives back the one begun (a reload, a second tab). */
    async start(input: StartPositioningInput, ip: string): Promise<GuestAttemptStart> {
      await attempts.consume(`ip:${ip}:positioning`, POSITIONING_LIMITS.visitorCallsPerIp);
      const at = now();
      return service.transaction(async (tx) => {
        const invitation = await lockToken(tx, input.token);
        const refusal = refusalOf(invitation, at);
        if (refusal || !invitation) throw refusal ?? new AppError('POSITIONING_LINK_INVALID');
        if (invitation.attemptId) {
          const [begun] = await tx
            .select()
            .from(quizAttempts)
            .where(eq(quizAttempts.id, invitation.attemptId));
          if (begun) return toAttemptStart(begun, at);
        }
        const quiz = await guestQuizOf(tx, invitation.quizId);
        const attempt = await startGuestAttempt(tx, {
          quiz,
          kind: 'positioning',
          name: input.name,
          email: invitation.email,
          now: at,
        });
        await tx
          .update(positioningTokens)
          .set({ attemptId: attempt.id })
          .where(eq(positioningTokens.id, invitation.id));
        return toAttemptStart(attempt, at);
      });
    },

    /** Scores the attempt and uses the link up, in one transaction: it works once. */
    async submit(input: SubmitPositioningInput, ip: string) {
      await attempts.consume(`ip:${ip}:positioning`, POSITIONING_LIMITS.visitorCallsPerIp);
      const at = now();
      return service.transaction(async (tx) => {
        const invitation = await lockToken(tx, input.token);
        const refusal = refusalOf(invitation, at);
        if (refusal || !invitation) throw refusal ?? new AppError('POSITIONING_LINK_INVALID');
        const [attempt] = invitation.attemptId
          ? await tx
              .select()
              .from(quizAttempts)
              .where(eq(quizAttempts.id, invitation.attemptId))
              .for('update')
          : [];
        if (!attempt) throw new AppError('QUIZ_NOT_FOUND');
        const quiz = await guestQuizOf(tx, invitation.quizId);
        const result = await submitGuestAttempt(tx, {
          attempt,
          passingScore: quiz.passingScore,
          answers: input.answers,
          now: at,
        });
        await tx
          .update(positioningTokens)
          .set({ answeredAt: at })
          .where(eq(positioningTokens.id, invitation.id));
        return { submittedAt: result.submittedAt, timeOver: result.timeOver };
      });
    },
  };
}

export type PositioningService = ReturnType<typeof createPositioningService>;

/**
 * At sign-in (the address is then proven): the invitations sent to it attach to the account, so
 * its positioning shows on the learner's record, answered before or after sign-up. As
 * cursus_service: the account may have no organisation yet.
 */
export async function attachPositioningToAccount(
  db: Db,
  user: { id: string; email: string; emailVerified: boolean },
) {
  if (!user.emailVerified) return;
  await db
    .update(positioningTokens)
    .set({ userId: user.id })
    .where(and(eq(positioningTokens.email, user.email.toLowerCase()), isNull(positioningTokens.userId)));
}
