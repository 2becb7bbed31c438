import {
  DEFAULT_TIME_TRACKING_SETTINGS,
  type EndTimeSessionResult,
  type HeartbeatInput,
  type HeartbeatResult,
  MAX_SESSION_SECONDS,
  type MyTime,
  type SessionUser,
  type StartTimeSessionInput,
  type StartTimeSessionResult,
  TIME_TRACKING_TIME_ZONE,
  type TimeTrackingSettings,
  type TotalTime,
} from '@cursus/contracts';
import { and, desc, eq, fillPlaceholders, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { type Database, type Db, type TenantContext, type Tx, tenantOf } from '../../db/client.ts';
import { reusable } from '../../db/reusable.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditService, auditActorOf } from '../audit/audit.module.ts';
import type { LearningService } from '../courses/courses.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { endOfflineLeases, issueOfflineLease } from './offline-leases.ts';
import { startOfParisDay, startOfParisWeek } from './paris-calendar.ts';
import type { TimeIssueReporter } from './time-issues.ts';
import {
  addToTotals,
  boundedDuration,
  closeAtLastActivity,
  readTotals,
  setTotals,
  timestamp,
  toSession,
} from './time-totals.ts';
import { timeTrackingSettings, userTimeTracking, userTotalTime } from './time-tracking.tables.ts';

export interface TimeTrackingDeps {
  database: Database;
  issues: TimeIssueReporter;
  organizations: OrganizationsService;
  learning: LearningService;
  /** Resets of a learner's time go to the audit trail (issue 19): what a funder is billed from changed. */
  audit: Pick<AuditService, 'recordEvent'>;
  now: () => Date;
}

/** Only the learner's own, open session (another's id reads as unknown). */
const ownSession = (user: SessionUser, id: string) =>
  and(eq(userTimeTracking.id, id), eq(userTimeTracking.userId, user.id));

/** SPEC 4 time tracking: a learner's sessions (start, heartbeat, end), their totals, and staff resets. */
export function createTimeTrackingService(deps: TimeTrackingDeps) {
  const { database, issues, organizations, learning, now } = deps;

  function asStudent<T>(user: SessionUser, work: (tx: Tx) => Promise<T>): Promise<T> {
    if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
    return database.withTenant(tenantOf(user), work);
  }

  /** Serialises a learner's starts and syncs, so two tabs cannot both open a session. */
  const lockStudent = (tx: Tx, userId: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${userId}, 0))`);

  /** A formation the learner is enrolled in (TRAINING_NOT_FOUND otherwise), asked of the courses module. */
  async function checkCourse(user: SessionUser, courseId: string | null | undefined) {
    if (courseId) await learning.getCourse(user, courseId);
  }

  /** Failures on the tracking path are SPEC 8 issues too, reported once the request has failed. */
  async function reporting<T>(
    user: SessionUser,
    issueType: 'session_creation_failed' | 'update_failed' | 'session_end_failed',
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError) && user.organizationId) {
        await issues.reportQuietly({
          issueType,
          userId: user.id,
          organizationId: user.organizationId,
          detail: error instanceof Error ? error.message : String(error),
        });
      }
      throw error;
    }
  }

  async function start(user: SessionUser, input: StartTimeSessionInput): Promise<StartTimeSessionResult> {
    await checkCourse(user, input.courseId);
    const at = now();
    const result = await reporting(user, 'session_creation_failed', () =>
      asStudent(user, async (tx) => {
        await lockStudent(tx, user.id);
        const open = await tx
          .select()
          .from(userTimeTracking)
          .where(and(eq(userTimeTracking.userId, user.id), isNull(userTimeTracking.sessionEnd)))
          .orderBy(desc(userTimeTracking.sessionStart));
        // SPEC 4: the newest open session under the maximum age is resumed; the others (too old,
        // or duplicates) are closed where their activity stopped.
        const resumable = open.find(
          (row) => at.getTime() - row.sessionStart.getTime() < MAX_SESSION_SECONDS * 1000,
        );
        const closedSessionIds: string[] = [];
        for (const row of open) {
          if (row === resumable) continue;
          if (await closeAtLastActivity(tx, row, at)) closedSessionIds.push(row.id);
        }
        // The learner is online now: what they may later declare as offline time starts here.
        const offlineLease = await issueOfflineLease(
          tx,
          { userId: user.id, organizationId: user.organizationId! },
          input.courseId ?? null,
          at,
        );
        if (resumable) {
          return {
            session: toSession(resumable),
            resumed: true,
            closedSessionIds,
            offlineLease,
            openCount: open.length,
          };
        }
        const [created] = await tx
          .insert(userTimeTracking)
          .values({
            userId: user.id,
            organizationId: user.organizationId!,
            courseId: input.courseId ?? null,
            sessionStart: at,
            lastActivityAt: at,
          })
          .returning();
        return {
          session: toSession(created!),
          resumed: false,
          closedSessionIds,
          offlineLease,
          openCount: open.length,
        };
      }),
    );
    const { openCount, ...answer } = result;
    if (openCount > 1) {
      await issues.report({
        issueType: 'duplicate_tracking',
        userId: user.id,
        organizationId: user.organizationId!,
        detail: `${openCount} open sessions at start; ${answer.closedSessionIds.length} closed`,
        metadata: { openSessionCount: openCount, closedSessionIds: answer.closedSessionIds },
        alert: issues.isAlertDuplicates(openCount),
      });
    }
    return answer;
  }

  /** Closes a session that reached 28,800 s (SPEC 4: it stops by itself) and counts it. */
  async function closeAtMaximum(tx: Tx, user: SessionUser, id: string, at: Date) {
    const [closed] = await tx
      .update(userTimeTracking)
      .set({ sessionEnd: sql`greatest(${userTimeTracking.sessionStart}, ${timestamp(at)})` })
      .where(and(ownSession(user, id), isNull(userTimeTracking.sessionEnd)))
      .returning();
    if (closed) await addToTotals(tx, closed, closed.durationSeconds, at);
  }

  /**
   * The hot path: one UPDATE by primary key, no read before it, in a single round trip
   * (database.queryAsTenant). It records what the client counted, bounded by the server's clock,
   * and the time of this activity. The rare cases (closed meanwhile, unknown, at the maximum) go
   * through a regular transaction.
   */
  /**
   * The heartbeat's UPDATE, built once per variant (with or without a formation): building it with
   * drizzle on every write was the largest share of a heartbeat's CPU in the benchmark.
   */
  const heartbeatStatements = new Map<boolean, { sql: string; params: unknown[] }>();
  function heartbeatStatement(withCourse: boolean) {
    let statement = heartbeatStatements.get(withCourse);
    if (!statement) {
      const at = sql.placeholder('at');
      // Only built here, never run: queryAsTenant sends it under the tenant's policies.
      statement = database.service
        .update(userTimeTracking)
        .set({
          durationSeconds: boundedDuration(sql.placeholder('claimed'), at),
          lastActivityAt: sql`greatest(${userTimeTracking.lastActivityAt}, ${timestamp(at)})`,
          ...(withCourse ? { courseId: sql`${sql.placeholder('courseId')}::uuid` } : {}),
        })
        .where(
          and(
            eq(userTimeTracking.id, sql.placeholder('id')),
            eq(userTimeTracking.userId, sql.placeholder('userId')),
            isNull(userTimeTracking.sessionEnd),
          ),
        )
        .returning({
          id: userTimeTracking.id,
          durationSeconds: userTimeTracking.durationSeconds,
          lastActivityAt: userTimeTracking.lastActivityAt,
        })
        .toSQL();
      heartbeatStatements.set(withCourse, statement);
    }
    return statement;
  }

  async function heartbeat(user: SessionUser, id: string, input: HeartbeatInput): Promise<HeartbeatResult> {
    if (input.courseId) await checkCourse(user, input.courseId);
    if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
    return reporting(user, 'update_failed', async () => {
      const at = now();
      const statement = heartbeatStatement(input.courseId !== undefined);
      const [row] = await database.queryAsTenant<{
        duration_seconds: number;
        last_activity_at: Date | string;
      }>(
        tenantOf(user),
        {
          sql: statement.sql,
          params: fillPlaceholders(statement.params, {
            at: at.toISOString(),
            claimed: input.elapsedSeconds,
            courseId: input.courseId ?? null,
            id,
            userId: user.id,
          }),
        },
        // A heartbeat lost to a database crash costs at most its 30 s: the next one carries the
        // whole count (and the browser keeps it locally). Not waiting for the disk raised the
        // benchmark's capacity from about 1,800 to about 2,400 writes a second.
        { durable: false },
      );
      if (row && row.duration_seconds < MAX_SESSION_SECONDS) {
        return {
          id,
          durationSeconds: row.duration_seconds,
          lastActivityAt: new Date(row.last_activity_at).toISOString(),
          isOpen: true,
          maxReached: false,
        };
      }
      return asStudent(user, async (tx) => {
        if (row) {
          await closeAtMaximum(tx, user, id, at);
          return {
            id,
            durationSeconds: row.duration_seconds,
            lastActivityAt: new Date(row.last_activity_at).toISOString(),
            isOpen: false,
            maxReached: true,
          };
        }
        const [closed] = await tx.select().from(userTimeTracking).where(ownSession(user, id));
        if (!closed) throw new AppError('NOT_FOUND');
        return {
          id,
          durationSeconds: closed.durationSeconds,
          lastActivityAt: closed.lastActivityAt.toISOString(),
          isOpen: false,
          maxReached: closed.durationSeconds >= MAX_SESSION_SECONDS,
        };
      });
    });
  }

  async function end(user: SessionUser, id: string, elapsedSeconds: number): Promise<EndTimeSessionResult> {
    return reporting(user, 'session_end_failed', () =>
      asStudent(user, async (tx) => {
        const at = now();
        const [closed] = await tx
          .update(userTimeTracking)
          .set({
            durationSeconds: boundedDuration(elapsedSeconds, at),
            lastActivityAt: sql`greatest(${userTimeTracking.lastActivityAt}, ${timestamp(at)})`,
            sessionEnd: sql`greatest(${userTimeTracking.sessionStart}, ${timestamp(at)})`,
          })
          .where(and(ownSession(user, id), isNull(userTimeTracking.sessionEnd)))
          .returning();
        if (closed) {
          const totals = await addToTotals(tx, closed, closed.durationSeconds, at);
          // Ended online: no offline time can lie after this under the leases issued so far.
          await endOfflineLeases(tx, user.id, at);
          return { session: toSession(closed), alreadyEnded: false, totals };
        }
        // Ending twice (two tabs, a retried request) counts once.
        const [existing] = await tx.select().from(userTimeTracking).where(ownSession(user, id));
        if (!existing) throw new AppError('NOT_FOUND');
        return { session: toSession(existing), alreadyEnded: true, totals: await readTotals(tx, user.id) };
      }),
    );
  }

  async function listOpen(user: SessionUser) {
    const rows = await asStudent(user, (tx) =>
      tx
        .select()
        .from(userTimeTracking)
        .where(and(eq(userTimeTracking.userId, user.id), isNull(userTimeTracking.sessionEnd)))
        .orderBy(desc(userTimeTracking.sessionStart)),
    );
    return rows.map(toSession);
  }

  /**
   * The learner's time of the day, of the week and in all, and their weekly goal (SPEC 4), as one
   * row. Today and this week count sessions by the Paris day they started; the total adds the open
   * session's recorded time. Mon Suivi also reads when time was last tracked on each formation. Its
   * columns are named, so that the row keeps its names as JSON (timeAndLastTrackedJson).
   */
  function timeQuery(db: Db, withLastTracked: boolean) {
    const duration = userTimeTracking.durationSeconds;
    const userId = sql.placeholder('userId');
    const dayStart = timestamp(sql.placeholder('dayStart'));
    const weekStart = timestamp(sql.placeholder('weekStart'));
    const lastTracked = db
      .select({ courseId: userTimeTracking.courseId, at: max(userTimeTracking.lastActivityAt).as('at') })
      .from(userTimeTracking)
      .where(and(eq(userTimeTracking.userId, userId), isNotNull(userTimeTracking.courseId)))
      .groupBy(userTimeTracking.courseId)
      .as('last_tracked');
    return db
      .select({
        today:
          sql<number>`coalesce(sum(${duration}) filter (where ${userTimeTracking.sessionStart} >= ${dayStart}), 0)::int`.as(
            'today',
          ),
        week: sql<number>`coalesce(sum(${duration}) filter (where ${userTimeTracking.sessionStart} >= ${weekStart}), 0)::int`.as(
          'week',
        ),
        open: sql<number>`coalesce(sum(${duration}) filter (where ${userTimeTracking.sessionEnd} is null), 0)::int`.as(
          'open',
        ),
        total: sql<
          number | null
        >`(select ${userTotalTime.totalTimeSeconds} from ${userTotalTime} where ${userTotalTime.userId} = ${userId})`.as(
          'total',
        ),
        goalHours: sql<
          number | null
        >`(select ${timeTrackingSettings.weeklyGoalHours} from ${timeTrackingSettings} where ${timeTrackingSettings.organizationId} = ${sql.placeholder('organizationId')})`.as(
          'goalHours',
        ),
        // [formation id, ISO time] pairs, as PostgreSQL writes timestamps in JSON.
        ...(withLastTracked
          ? {
              lastTracked: sql<
                [string, string][]
              >`(select coalesce(json_agg(json_build_array(${lastTracked.courseId}, ${lastTracked.at})), '[]'::json) from ${lastTracked})`.as(
                'lastTracked',
              ),
            }
          : {}),
      })
      .from(userTimeTracking)
      .where(
        and(
          eq(userTimeTracking.userId, userId),
          sql`(${userTimeTracking.sessionStart} >= ${weekStart} or ${userTimeTracking.sessionEnd} is null)`,
        ),
      );
  }
  const timeOf = reusable((db) => timeQuery(db, false));
  const timeAndLastTrackedOf = reusable((db) => timeQuery(db, true));

  /** The values of timeQuery's placeholders. */
  function timeValues(user: SessionUser, at: Date) {
    return {
      userId: user.id,
      organizationId: user.organizationId,
      dayStart: startOfParisDay(at).toISOString(),
      weekStart: startOfParisWeek(at).toISOString(),
    };
  }

  interface TimeRow {
    today: number;
    week: number;
    open: number;
    total: number | null;
    goalHours: number | null;
    lastTracked?: [string, string][];
  }

  function toTime(row: TimeRow | undefined, at: Date) {
    const open = Number(row?.open ?? 0);
    return {
      time: {
        todaySeconds: Number(row?.today ?? 0),
        weekSeconds: Number(row?.week ?? 0),
        totalSeconds: Number(row?.total ?? 0) + open,
        openSessionSeconds: open,
        weekStartsAt: startOfParisWeek(at).toISOString(),
        timeZone: TIME_TRACKING_TIME_ZONE,
      } satisfies MyTime,
      weeklyGoalHours: row?.goalHours ?? DEFAULT_TIME_TRACKING_SETTINGS.weeklyGoalHours,
      lastTrackedByCourse: new Map(
        (row?.lastTracked ?? []).map(([courseId, at]) => [courseId, new Date(at)]),
      ),
    };
  }

  const readTime = async (tx: Tx, user: SessionUser, at: Date) =>
    toTime((await timeOf(tx, timeValues(user, at)))[0], at);
  /** readTime, and when time was last tracked on each formation (time spent reading is activity). */
  const readTimeAndLastTracked = async (tx: Tx, user: SessionUser, at: Date) =>
    toTime((await timeAndLastTrackedOf(tx, timeValues(user, at)))[0], at);
  /**
   * readTimeAndLastTracked's row as one JSON value, for a statement of another module to carry in
   * its own (Mon Suivi's formations): with timeValues' values, read back by readTimeJson.
   */
  const timeAndLastTrackedJson = (db: Db) =>
    sql<TimeRow | null>`(select row_to_json(time_row) from (${timeQuery(db, true)}) time_row)`;
  const readTimeJson = (row: TimeRow | null, at: Date) => toTime(row ?? undefined, at);

  async function myTime(user: SessionUser): Promise<MyTime> {
    const at = now();
    return asStudent(user, async (tx) => (await readTime(tx, user, at)).time);
  }

  /** A learner the actor may act on: a student of the actor's organisation (any, for an admin). */
  async function findStudent(actor: SessionUser, studentId: string) {
    const student = await organizations.loadUser(studentId);
    const isVisible =
      student?.organizationId &&
      student.role === 'student' &&
      (actor.role === 'admin' || student.organizationId === actor.organizationId);
    if (!student || !isVisible) throw new AppError('USER_NOT_FOUND');
    return { userId: student.id, organizationId: student.organizationId! };
  }

  /** SPEC 4: the learner's open sessions are closed with duration 0; nothing is added to the totals. */
  async function resetSession(actor: SessionUser, studentId: string) {
    const student = await findStudent(actor, studentId);
    const at = now();
    const closed = await database.withTenant(tenantOf(actor), async (tx) => {
      const closed = await tx
        .update(userTimeTracking)
        .set({
          durationSeconds: 0,
          sessionEnd: sql`greatest(${userTimeTracking.sessionStart}, ${timestamp(at)})`,
        })
        .where(and(eq(userTimeTracking.userId, studentId), isNull(userTimeTracking.sessionEnd)))
        .returning({ id: userTimeTracking.id });
      await deps.audit.recordEvent(
        {
          action: 'time.reset',
          organizationId: student.organizationId,
          actor: auditActorOf(actor),
          targetType: 'user',
          targetId: studentId,
          before: { openSessionCount: closed.length },
          after: { openSessionCount: 0 },
          details: { scope: 'session', closedSessionIds: closed.map((session) => session.id) },
        },
        tx,
      );
      return closed;
    });
    return { closedSessionCount: closed.length };
  }

  /** SPEC 4 and 7 (update-total-time, action reset): totals to 0 and the session rows deleted, together. */
  async function resetTotal(actor: SessionUser, studentId: string) {
    const student = await findStudent(actor, studentId);
    return database.withTenant(tenantOf(actor), async (tx) => {
      const previous = await readTotals(tx, studentId);
      const deleted = await tx
        .delete(userTimeTracking)
        .where(eq(userTimeTracking.userId, studentId))
        .returning({ id: userTimeTracking.id });
      const totals: TotalTime = await setTotals(tx, student, 0, now());
      await deps.audit.recordEvent(
        {
          action: 'time.reset',
          organizationId: student.organizationId,
          actor: auditActorOf(actor),
          targetType: 'user',
          targetId: studentId,
          before: { totalTimeSeconds: previous.totalTimeSeconds, sessionCount: deleted.length },
          after: { totalTimeSeconds: totals.totalTimeSeconds, sessionCount: 0 },
          details: { scope: 'total' },
        },
        tx,
      );
      return { success: true as const, deletedSessionCount: deleted.length, totals };
    });
  }

  async function readWeeklyGoal(tenant: TenantContext, organizationId: string): Promise<number> {
    const [row] = await database.withTenant(tenant, (tx) =>
      tx.select().from(timeTrackingSettings).where(eq(timeTrackingSettings.organizationId, organizationId)),
    );
    return row?.weeklyGoalHours ?? DEFAULT_TIME_TRACKING_SETTINGS.weeklyGoalHours;
  }

  /** Trainers read and set their own organisation's; admins name one (or use their own). */
  function settingsOrganization(actor: SessionUser, organizationId?: string) {
    const target = actor.role === 'admin' ? (organizationId ?? actor.organizationId) : actor.organizationId;
    if (!target) throw new AppError('NO_ORGANIZATION');
    return target;
  }

  return {
    /**
     * When each of these learners was last active (their latest session's last heartbeat), for the
     * inactivity reminders (cursus_jobs); a learner who never had a session is absent from the map.
     */
    async lastActivityOf(userIds: string[]): Promise<Map<string, Date>> {
      const lastActivity = new Map<string, Date>();
      // By batches: one statement's parameters are bounded (65,535 in PostgreSQL's protocol).
      for (let offset = 0; offset < userIds.length; offset += 1000) {
        const rows = await database.jobs
          .select({
            userId: userTimeTracking.userId,
            at: sql<Date>`max(${userTimeTracking.lastActivityAt})`.mapWith(userTimeTracking.lastActivityAt),
          })
          .from(userTimeTracking)
          .where(inArray(userTimeTracking.userId, userIds.slice(offset, offset + 1000)))
          .groupBy(userTimeTracking.userId);
        for (const row of rows) lastActivity.set(row.userId, row.at);
      }
      return lastActivity;
    },
    /**
     * Each learner's tracked time on one formation, in the caller's transaction (under its tenant's
     * policies): the seconds of their sessions on it (an open one's recorded time included, as in
     * Mon Suivi's total) and when the first began and the last was active. For certificates; a
     * learner with no session on it is absent from the map.
     */
    async courseTimeOf(
      tx: Tx,
      courseId: string,
      studentIds: string[],
    ): Promise<Map<string, { seconds: number; firstAt: Date; lastAt: Date }>> {
      const time = new Map<string, { seconds: number; firstAt: Date; lastAt: Date }>();
      if (studentIds.length === 0) return time;
      const rows = await tx
        .select({
          userId: userTimeTracking.userId,
          seconds: sql<number>`coalesce(sum(${userTimeTracking.durationSeconds}), 0)`.mapWith(Number),
          firstAt: sql<Date>`min(${userTimeTracking.sessionStart})`.mapWith(userTimeTracking.sessionStart),
          lastAt:
            sql<Date>`max(coalesce(${userTimeTracking.sessionEnd}, ${userTimeTracking.lastActivityAt}))`.mapWith(
              userTimeTracking.lastActivityAt,
            ),
        })
        .from(userTimeTracking)
        .where(and(eq(userTimeTracking.courseId, courseId), inArray(userTimeTracking.userId, studentIds)))
        .groupBy(userTimeTracking.userId);
      for (const row of rows)
        time.set(row.userId, { seconds: row.seconds, firstAt: row.firstAt, lastAt: row.lastAt });
      return time;
    },
    start,
    heartbeat,
    end,
    listOpen,
    myTime,
    readTime,
    readTimeAndLastTracked,
    timeValues,
    timeAndLastTrackedJson,
    readTimeJson,
    resetSession,
    resetTotal,

    async getSettings(actor: SessionUser, organizationId?: string): Promise<TimeTrackingSettings> {
      const target = settingsOrganization(actor, organizationId);
      return { organizationId: target, weeklyGoalHours: await readWeeklyGoal(tenantOf(actor), target) };
    },

    async updateSettings(actor: SessionUser, input: { weeklyGoalHours: number; organizationId?: string }) {
      const target = settingsOrganization(actor, input.organizationId);
      const values = { weeklyGoalHours: input.weeklyGoalHours, updatedBy: actor.id, updatedAt: now() };
      const [row] = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .insert(timeTrackingSettings)
          .values({ organizationId: target, ...values })
          .onConflictDoUpdate({ target: timeTrackingSettings.organizationId, set: values })
          .returning(),
      );
      return { organizationId: row!.organizationId, weeklyGoalHours: row!.weeklyGoalHours };
    },
  };
}

export type TimeTrackingService = ReturnType<typeof createTimeTrackingService>;
