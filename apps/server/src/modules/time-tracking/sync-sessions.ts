import {
  MAX_SESSION_SECONDS,
  OFFLINE_DAILY_LIMIT_SECONDS,
  type PendingSession,
  type SessionUser,
  type SyncPendingSessionsResult,
  type SyncRejection,
  TIME_TRACKING,
} from '@cursus/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LearningService } from '../courses/courses.module.ts';
import type { LeaseRow } from './offline-leases.ts';
import { formatParisDateTime, parisDayEnd, startOfParisDay } from './paris-calendar.ts';
import type { TimeIssueReporter } from './time-issues.ts';
import { addToTotals, boundedDuration, readTotals, timestamp } from './time-totals.ts';
import { offlineLeases, userTimeTracking } from './time-tracking.tables.ts';

type Result = SyncPendingSessionsResult['results'][number];
type SessionRow = typeof userTimeTracking.$inferSelect;

/** How many refusals of each reason a batch met, for the log and the alert. */
export function countReasons(results: Result[]): Partial<Record<SyncRejection, number>> {
  const counts: Partial<Record<SyncRejection, number>> = {};
  for (const result of results) {
    if (result.reason) counts[result.reason] = (counts[result.reason] ?? 0) + 1;
  }
  return counts;
}

/**
 * SPEC 4 offline: sessions the browser could not save are sent here when the connection returns.
 * The client's id makes the call idempotent: a session already recorded answers `duplicate` and
 * counts nothing. The id of a session the server opened closes it where the server last saw it
 * (like a heartbeat's bound). Any other id is offline time (issue 11): credited only under a lease
 * the server issued to this learner, inside its window, never before the enrolment, never over
 * time already counted, and within the daily ceiling; it is recorded with source 'offline'.
 * Refusals are reported as a sync_error issue with an alert.
 */
export function createSyncSessions(deps: {
  database: Database;
  issues: TimeIssueReporter;
  learning: LearningService;
  now: () => Date;
}) {
  const { database, issues, learning, now } = deps;
  const toleranceMs = TIME_TRACKING.toleranceSeconds * 1000;

  function isPossible(entry: PendingSession, at: Date): boolean {
    const start = Date.parse(entry.sessionStart);
    const end = Date.parse(entry.sessionEnd);
    return (
      end >= start &&
      end <= at.getTime() + toleranceMs &&
      entry.durationSeconds * 1000 <= end - start + toleranceMs &&
      entry.durationSeconds <= MAX_SESSION_SECONDS
    );
  }

  /**
   * When the learner was enrolled in each formation the entries or their leases name. A formation
   * they are not (or no longer) enrolled in is left out: its time still counts, on no formation.
   * Read before the sync's transaction, since the courses module opens its own.
   */
  async function enrolments(user: SessionUser, entries: PendingSession[]) {
    const leaseIds = [...new Set(entries.flatMap((entry) => (entry.leaseId ? [entry.leaseId] : [])))];
    const leaseCourses = leaseIds.length
      ? await database.withTenant(tenantOf(user), (tx) =>
          tx
            .select({ courseId: offlineLeases.courseId })
            .from(offlineLeases)
            .where(and(inArray(offlineLeases.id, leaseIds), eq(offlineLeases.userId, user.id))),
        )
      : [];
    const courseIds = new Set([
      ...entries.flatMap((entry) => (entry.courseId ? [entry.courseId] : [])),
      ...leaseCourses.flatMap((lease) => (lease.courseId ? [lease.courseId] : [])),
    ]);
    const enrolledAt = new Map<string, Date>();
    for (const courseId of courseIds) {
      try {
        enrolledAt.set(courseId, new Date((await learning.getCourse(user, courseId)).enrolledAt));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return enrolledAt;
  }

  /**
   * A session the server opened, whose end the browser kept while offline: closed at its last
   * server-seen activity with what it had recorded then (30 s tolerance, as for a heartbeat). A
   * claim beyond that is refused (`unseen_time`); the browser sends that part as offline time.
   */
  async function closeServerSession(tx: Tx, entry: PendingSession, existing: SessionRow, at: Date) {
    const [closed] = await tx
      .update(userTimeTracking)
      .set({
        durationSeconds: boundedDuration(entry.durationSeconds, existing.lastActivityAt),
        sessionEnd: sql`greatest(${userTimeTracking.sessionStart}, ${userTimeTracking.lastActivityAt})`,
      })
      .where(and(eq(userTimeTracking.id, entry.id), sql`${userTimeTracking.sessionEnd} is null`))
      .returning();
    if (!closed) return { id: entry.id, status: 'duplicate' } as const;
    await addToTotals(tx, closed, closed.durationSeconds, at);
    return entry.durationSeconds > closed.durationSeconds + TIME_TRACKING.toleranceSeconds
      ? ({ id: entry.id, status: 'rejected', reason: 'unseen_time' } as const)
      : ({ id: entry.id, status: 'synced' } as const);
  }

  /** Offline seconds already credited to the learner on the Paris day `start` falls on. */
  async function offlineSecondsThatDay(tx: Tx, userId: string, start: Date): Promise<number> {
    const dayStart = startOfParisDay(start);
    const dayEnd = parisDayEnd(formatParisDateTime(start).slice(0, 10));
    const [row] = await tx
      .select({ total: sql<number>`coalesce(sum(${userTimeTracking.durationSeconds}), 0)::int` })
      .from(userTimeTracking)
      .where(
        and(
          eq(userTimeTracking.userId, userId),
          eq(userTimeTracking.source, 'offline'),
          sql`${userTimeTracking.sessionStart} >= ${timestamp(dayStart)}`,
          sql`${userTimeTracking.sessionStart} < ${timestamp(dayEnd)}`,
        ),
      );
    return Number(row?.total ?? 0);
  }

  /** Why a new offline session cannot be credited, or null when it can. */
  async function refusalOf(
    tx: Tx,
    user: SessionUser,
    entry: PendingSession,
    lease: LeaseRow | undefined,
    enrolledAt: Map<string, Date>,
  ): Promise<SyncRejection | null> {
    if (!lease) return 'no_lease';
    if (lease.courseId && entry.courseId && entry.courseId !== lease.courseId) return 'no_lease';
    const start = Date.parse(entry.sessionStart);
    const end = Date.parse(entry.sessionEnd);
    // Time the lease already credited is spent: what comes later under it starts after it.
    const opensAt = Math.max(lease.issuedAt.getTime(), lease.usedUntil?.getTime() ?? 0);
    if (start < opensAt - toleranceMs || end > lease.expiresAt.getTime() + toleranceMs)
      return 'outside_lease';
    const courseId = entry.courseId ?? lease.courseId;
    const enrolled = courseId ? enrolledAt.get(courseId) : undefined;
    if (enrolled && start < enrolled.getTime()) return 'before_enrollment';
    // Time already counted (online, or another offline session) cannot be counted again.
    const [overlap] = await tx
      .select({ id: userTimeTracking.id })
      .from(userTimeTracking)
      .where(
        and(
          eq(userTimeTracking.userId, user.id),
          sql`${userTimeTracking.sessionStart} < ${timestamp(new Date(end))}`,
          sql`coalesce(${userTimeTracking.sessionEnd}, ${userTimeTracking.lastActivityAt}) > ${timestamp(new Date(start))}`,
        ),
      )
      .limit(1);
    if (overlap) return 'overlapping';
    const creditedThatDay = await offlineSecondsThatDay(tx, user.id, new Date(start));
    if (creditedThatDay + entry.durationSeconds > OFFLINE_DAILY_LIMIT_SECONDS) return 'daily_limit';
    return null;
  }

  return async function syncSessions(
    user: SessionUser,
    entries: PendingSession[],
  ): Promise<SyncPendingSessionsResult> {
    if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
    const enrolledAt = await enrolments(user, entries);
    const at = now();
    const student = { userId: user.id, organizationId: user.organizationId };
    const sorted = [...entries].sort((a, b) => a.sessionStart.localeCompare(b.sessionStart));
    const leaseIds = [...new Set(entries.flatMap((entry) => (entry.leaseId ? [entry.leaseId] : [])))];

    const outcome = await database.withTenant(tenantOf(user), async (tx) => {
      // Serialised with the learner's starts: a start ends the leases this sync reads.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${user.id}, 0))`);
      const leases = new Map(
        (leaseIds.length
          ? await tx
              .select()
              .from(offlineLeases)
              .where(and(inArray(offlineLeases.id, leaseIds), eq(offlineLeases.userId, user.id)))
          : []
        ).map((lease) => [lease.id, lease]),
      );
      const results = new Map<string, Result>();
      const reject = (id: string, reason: SyncRejection) =>
        results.set(id, { id, status: 'rejected', reason });
      for (const entry of sorted) {
        // The same id twice in one batch: the first decides for both, and counts once.
        if (results.has(entry.id)) continue;
        const [existing] = await tx.select().from(userTimeTracking).where(eq(userTimeTracking.id, entry.id));
        if (existing && existing.userId !== user.id) {
          reject(entry.id, 'id_conflict');
          continue;
        }
        if (existing?.sessionEnd) {
          results.set(entry.id, { id: entry.id, status: 'duplicate' });
          continue;
        }
        if (!isPossible(entry, at)) {
          reject(entry.id, 'invalid');
          continue;
        }
        if (existing) {
          results.set(entry.id, await closeServerSession(tx, entry, existing, at));
          continue;
        }
        const lease = entry.leaseId ? leases.get(entry.leaseId) : undefined;
        const refusal = await refusalOf(tx, user, entry, lease, enrolledAt);
        if (refusal || !lease) {
          reject(entry.id, refusal ?? 'no_lease');
          continue;
        }
        const courseId = entry.courseId ?? lease.courseId;
        const start = new Date(entry.sessionStart);
        const end = new Date(entry.sessionEnd);
        const inserted = await tx
          .insert(userTimeTracking)
          .values({
            id: entry.id,
            ...student,
            courseId: courseId && enrolledAt.has(courseId) ? courseId : null,
            sessionStart: start,
            sessionEnd: end,
            lastActivityAt: end,
            durationSeconds: entry.durationSeconds,
            source: 'offline',
          })
          .onConflictDoNothing()
          .returning({ id: userTimeTracking.id });
        if (inserted.length === 0) {
          // The id exists but is not this learner's to see.
          reject(entry.id, 'id_conflict');
          continue;
        }
        const usedUntil = new Date(Math.max(end.getTime(), lease.usedUntil?.getTime() ?? 0));
        await tx.update(offlineLeases).set({ usedUntil }).where(eq(offlineLeases.id, lease.id));
        leases.set(lease.id, { ...lease, usedUntil });
        await addToTotals(tx, student, entry.durationSeconds, at);
        results.set(entry.id, { id: entry.id, status: 'synced' });
      }
      return { results, totals: await readTotals(tx, user.id) };
    });

    const results = entries.map((entry) => outcome.results.get(entry.id)!);
    const rejected = results.filter((result) => result.status === 'rejected');
    if (rejected.length > 0) {
      const reasons = countReasons(rejected);
      const refusedIds = new Set(rejected.map((result) => result.id));
      const refusedSeconds = entries
        .filter((entry) => refusedIds.has(entry.id))
        .reduce((sum, entry) => sum + entry.durationSeconds, 0);
      // Time is what funders pay for: a refused claim is for staff to look at, not only a log line.
      await issues.report({
        issueType: 'sync_error',
        userId: user.id,
        organizationId: user.organizationId,
        detail: `${rejected.length} of ${entries.length} offline sessions refused (${Object.entries(reasons)
          .map(([reason, total]) => `${reason}: ${total}`)
          .join(', ')}), ${refusedSeconds} s claimed`,
        metadata: { reasons, refusedSeconds, rejected },
        alert: true,
      });
    }
    return { results, totals: outcome.totals };
  };
}
