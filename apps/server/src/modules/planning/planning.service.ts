import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  type CalendarFeed,
  GROUP_SESSION_DURATION_MAX,
  GROUP_SESSION_TIME_ZONE,
  type Language,
  type PlanningCalendar,
  type PlanningCalendarQuery,
  PlanningCalendarQuerySchema,
  type PlanningFilters,
  type PlanningFormation,
  type PlanningSession,
  type RescheduleSessionInput,
  RescheduleSessionInputSchema,
  type SessionUser,
} from '@cursus/contracts';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Database, type TenantContext, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter, type Limit } from '../../lib/rate-limit.ts';
import { type GroupSessionsService, timingOf } from '../group-sessions/group-sessions.module.ts';
import { buildCalendarFeed } from './calendar-feed.ts';
import { planningFeedTokens } from './planning.tables.ts';

/** Calendar apps poll a feed every few minutes to hours; a runaway client is cut, and so is probing. */
const FEED_TOKEN_LIMIT: Limit = { max: 30, windowMs: 10 * 60_000 };
const FEED_IP_LIMIT: Limit = { max: 300, windowMs: 10 * 60_000 };
/** A feed carries half a year of history and everything to come, up to this many events of each kind. */
const FEED_HISTORY_DAYS = 183;
const FEED_MAX_EVENTS = 1_000;
/** A calendar answer never grows past this (a period holds far fewer sessions in practice). */
const CALENDAR_MAX_SESSIONS = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows of a raw statement: both drivers answer `{ rows }`; Drizzle types it per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: GROUP_SESSION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The Paris calendar day of an instant, as YYYY-MM-DD: formations' dates are days, not instants. */
export const parisDateOf = (date: Date) => parisDay.format(date);

function organizationOf(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

interface SessionRow {
  id: string;
  title: string;
  courseId: string | null;
  courseTitle: string | null;
  meetingDate: Date | string;
  durationMinutes: number;
  location: string | null;
  meetingUrl: string | null;
  trainerId: string | null;
  trainerName: string | null;
  participantCount: number | string;
  isSigned: boolean;
}

interface FormationRow {
  id: string;
  title: string;
  status: 'published' | 'draft';
  startsOn: string;
  endsOn: string;
}

/**
 * The feed token: an HMAC of the subscription's random nonce under the server's secret. Only its
 * SHA-256 is stored to find the subscription, so the database alone never yields a working URL,
 * while the server can show its holder the same URL again.
 */
export function feedTokenOf(secret: string, userId: string, nonce: string): string {
  const key = createHmac('sha256', secret).update('cursus:planning-feed:v1').digest();
  return createHmac('sha256', key).update(`${userId}:${nonce}`).digest('base64url');
}
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createPlanningService(deps: {
  database: Database;
  groupSessions: Pick<GroupSessionsService, 'update'>;
  /** The attendance module's: whether a session's sheet has signatures, inside a statement. */
  isSigned: (sessionId: SQLWrapper) => SQL<boolean>;
  loadUser: (userId: string) => Promise<Omit<SessionUser, 'emailVerified'> | null>;
  secret: string;
  appUrl: string;
  now: () => Date;
}) {
  const { database, groupSessions, isSigned, loadUser, secret, appUrl, now } = deps;
  const attempts = createAttemptCounter(database.service, now);

  const sessionColumns = sql`gs.id, gs.title, gs.course_id as "courseId",
    (select c.title from courses c where c.id = gs.course_id) as "courseTitle",
    gs.meeting_date as "meetingDate", gs.duration_minutes as "durationMinutes", gs.location,
    gs.meeting_url as "meetingUrl", gs.created_by as "trainerId",
    (select p.full_name from profiles p where p.id = gs.created_by) as "trainerName",
    (select count(*) from group_session_participants gp where gp.session_id = gs.id)::int as "participantCount",
    ${isSigned(sql`gs.id`)} as "isSigned"`;

  function toSession(row: SessionRow, at: Date): PlanningSession {
    const startsAt = new Date(row.meetingDate);
    const timing = timingOf({ meetingDate: startsAt, durationMinutes: row.durationMinutes }, at);
    return {
      id: row.id,
      title: row.title,
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + row.durationMinutes * 60_000).toISOString(),
      durationMinutes: row.durationMinutes,
      location: row.location,
      meetingUrl: row.meetingUrl,
      trainerId: row.trainerId,
      trainerName: row.trainerName,
      participantCount: Number(row.participantCount),
      timing,
      lock: row.isSigned ? 'signed' : timing === 'upcoming' ? null : 'started',
    };
  }

  // A formation with one date only is a one-day span on that date.
  const formationColumns = sql`c.id, c.title, c.status,
    to_char(coalesce(c.starts_on, c.ends_on), 'YYYY-MM-DD') as "startsOn",
    to_char(coalesce(c.ends_on, c.starts_on), 'YYYY-MM-DD') as "endsOn"`;
  const isDated = sql`(c.starts_on is not null or c.ends_on is not null) and c.archived_at is null`;

  async function readSession(tx: Tx, organizationId: string, sessionId: string) {
    const [row] = rowsOf<SessionRow>(
      await tx.execute(sql`select ${sessionColumns} from group_sessions gs
        where gs.id = ${sessionId} and gs.organization_id = ${organizationId}`),
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** What the person's feed lists: the sessions they run or attend and their formations' dates. */
  async function readFeedEvents(tx: Tx, user: TenantContext, at: Date) {
    const since = new Date(at.getTime() - FEED_HISTORY_DAYS * DAY_MS).toISOString();
    const isLearner = user.role === 'student';
    const mine = isLearner
      ? sql`gs.id in (select gp.session_id from group_session_participants gp where gp.student_id = ${user.userId})`
      : sql`gs.created_by = ${user.userId}`;
    const sessions = rowsOf<SessionRow>(
      await tx.execute(sql`select ${sessionColumns} from group_sessions gs
        where gs.organization_id = ${user.organizationId} and ${mine}
          and gs.meeting_date >= ${since}::timestamptz
        order by gs.meeting_date, gs.id limit ${FEED_MAX_EVENTS}`),
    );
    // A learner's formations are those they are enrolled in (and may see); a trainer's, those they
    // created or run sessions of.
    const theirs = isLearner
      ? sql`c.status = 'published' and c.id in (select e.course_id from course_enrollments e where e.student_id = ${user.userId})`
      : sql`(c.created_by = ${user.userId} or c.id in (select s.course_id from group_sessions s where s.created_by = ${user.userId}))`;
    const formations = rowsOf<FormationRow>(
      await tx.execute(sql`select ${formationColumns} from courses c
        where c.organization_id = ${user.organizationId} and ${isDated} and ${theirs}
          and coalesce(c.ends_on, c.starts_on) >= ${parisDateOf(new Date(since))}::date
        order by coalesce(c.starts_on, c.ends_on), c.id limit ${FEED_MAX_EVENTS}`),
    );
    return { sessions: sessions.map((row) => toSession(row, at)), formations };
  }

  function feedUrl(userId: string, nonce: string) {
    return new URL(`/api/planning/feed/${feedTokenOf(secret, userId, nonce)}.ics`, appUrl).toString();
  }

  return {
    /** The organisation's sessions and dated formations over the period shown, filtered. */
    async calendar(actor: SessionUser, input: PlanningCalendarQuery): Promise<PlanningCalendar> {
      const organizationId = organizationOf(actor);
      const query = PlanningCalendarQuerySchema.parse(input);
      const from = new Date(query.from);
      const to = new Date(query.to);
      // The index on (organization_id, meeting_date) bounds the scan: no session is longer than this.
      const earliestStart = new Date(from.getTime() - GROUP_SESSION_DURATION_MAX * 60_000);
      const at = now();
      return database.withTenant(tenantOf(actor), async (tx) => {
        const sessions = rowsOf<SessionRow>(
          await tx.execute(sql`select ${sessionColumns} from group_sessions gs
            where gs.organization_id = ${organizationId}
              and gs.meeting_date < ${to.toISOString()}::timestamptz
              and gs.meeting_date > ${earliestStart.toISOString()}::timestamptz
              and gs.meeting_date + gs.duration_minutes * interval '1 minute' > ${from.toISOString()}::timestamptz
              ${query.courseId ? sql`and gs.course_id = ${query.courseId}` : sql``}
              ${query.trainerId ? sql`and gs.created_by = ${query.trainerId}` : sql``}
            order by gs.meeting_date, gs.id limit ${CALENDAR_MAX_SESSIONS}`),
        );
        const formations = rowsOf<FormationRow>(
          await tx.execute(sql`select ${formationColumns} from courses c
            where c.organization_id = ${organizationId} and ${isDated}
              and coalesce(c.starts_on, c.ends_on) <= ${parisDateOf(to)}::date
              and coalesce(c.ends_on, c.starts_on) >= ${parisDateOf(from)}::date
              ${query.courseId ? sql`and c.id = ${query.courseId}` : sql``}
              ${query.trainerId ? sql`and c.created_by = ${query.trainerId}` : sql``}
            order by coalesce(c.starts_on, c.ends_on), c.title, c.id`),
        );
        return {
          sessions: sessions.map((row) => toSession(row, at)),
          formations: formations satisfies PlanningFormation[],
        };
      });
    },

    /** The filters' choices: the organisation's formations (archived ones aside) and its staff. */
    async filters(actor: SessionUser): Promise<PlanningFilters> {
      const organizationId = organizationOf(actor);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const courses = rowsOf<{ id: string; title: string }>(
          await tx.execute(sql`select c.id, c.title from courses c
            where c.organization_id = ${organizationId} and c.archived_at is null
            order by lower(c.title), c.id`),
        );
        const trainers = rowsOf<{ id: string; fullName: string }>(
          await tx.execute(sql`select p.id, coalesce(nullif(p.full_name, ''), p.email) as "fullName"
            from profiles p
            where p.organization_id = ${organizationId}
              and coalesce((select r.role from user_roles r where r.user_id = p.id), p.role) in ('trainer', 'admin')
            order by lower(coalesce(nullif(p.full_name, ''), p.email)), p.id`),
        );
        return { courses, trainers };
      });
    },

    /**
     * Moves or resizes a session. The calendar's own rules first (a signed or started session stays
     * put, nothing moves into the past), then the group-sessions module's update, which checks its
     * rules and tells the invited learners; an attendance sheet not yet signed is cut again from the
     * new times when next opened.
     */
    async reschedule(
      actor: SessionUser,
      sessionId: string,
      input: RescheduleSessionInput,
    ): Promise<PlanningSession> {
      const organizationId = organizationOf(actor);
      const body = RescheduleSessionInputSchema.parse(input);
      const at = now();
      await database.withTenant(tenantOf(actor), async (tx) => {
        const row = await readSession(tx, organizationId, sessionId);
        if (row.isSigned) throw new AppError('SESSION_SIGNED');
        if (new Date(row.meetingDate) <= at) throw new AppError('SESSION_STARTED');
      });
      if (new Date(body.meetingDate) <= at) throw new AppError('SESSION_IN_PAST');
      await groupSessions.update(actor, sessionId, {
        meetingDate: body.meetingDate,
        durationMinutes: body.durationMinutes,
      });
      return database.withTenant(tenantOf(actor), async (tx) =>
        toSession(await readSession(tx, organizationId, sessionId), now()),
      );
    },

    async getFeed(actor: SessionUser): Promise<CalendarFeed> {
      organizationOf(actor);
      const [row] = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .select({ nonce: planningFeedTokens.nonce, createdAt: planningFeedTokens.createdAt })
          .from(planningFeedTokens)
          .where(eq(planningFeedTokens.userId, actor.id)),
      );
      return row
        ? { url: feedUrl(actor.id, row.nonce), createdAt: row.createdAt.toISOString() }
        : { url: null, createdAt: null };
    },

    /** A new subscription URL; the previous one, if any, stops working in the same transaction. */
    async resetFeed(actor: SessionUser): Promise<CalendarFeed> {
      const organizationId = organizationOf(actor);
      const nonce = randomBytes(16).toString('base64url');
      const createdAt = now();
      await database.withTenant(tenantOf(actor), async (tx) => {
        await tx.delete(planningFeedTokens).where(eq(planningFeedTokens.userId, actor.id));
        await tx.insert(planningFeedTokens).values({
          organizationId,
          userId: actor.id,
          nonce,
          tokenHash: hashToken(feedTokenOf(secret, actor.id, nonce)),
          createdAt,
        });
      });
      return { url: feedUrl(actor.id, nonce), createdAt: createdAt.toISOString() };
    },

    async removeFeed(actor: SessionUser): Promise<void> {
      await database.withTenant(tenantOf(actor), (tx) =>
        tx.delete(planningFeedTokens).where(eq(planningFeedTokens.userId, actor.id)),
      );
    },

    /**
     * The iCalendar text of the feed whose token is given, read as its holder would see their own
     * calendar (their role and organisation's policies). An unknown token, or one of someone who
     * has since left the organisation, answers NOT_FOUND.
     */
    async feedIcs(token: string, ip: string): Promise<string> {
      const tokenHash = hashToken(token);
      await attempts.consumeAll([
        [`ip:${ip}:planning-feed`, FEED_IP_LIMIT],
        [`planning-feed:${tokenHash}`, FEED_TOKEN_LIMIT],
      ]);
      const [subscription] = await database.service
        .select({ userId: planningFeedTokens.userId, organizationId: planningFeedTokens.organizationId })
        .from(planningFeedTokens)
        .where(eq(planningFeedTokens.tokenHash, tokenHash));
      if (!subscription) throw new AppError('NOT_FOUND');
      const user = await loadUser(subscription.userId);
      if (!user?.organizationId || user.organizationId !== subscription.organizationId) {
        throw new AppError('NOT_FOUND');
      }
      const at = now();
      const tenant: TenantContext = { userId: user.id, role: user.role, organizationId: user.organizationId };
      const events = await database.withTenant(tenant, (tx) => readFeedEvents(tx, tenant, at));
      return buildCalendarFeed({
        ...events,
        ownerName: user.fullName,
        organizationName: user.organizationName,
        language: user.language as Language,
        isLearner: user.role === 'student',
        appUrl,
      });
    },
  };
}

export type PlanningService = ReturnType<typeof createPlanningService>;
