import {
  MAX_SESSION_SECONDS,
  type SessionUser,
  TIME_TRACKING,
  type TimeCheckInput,
  type TimeCheckResult,
  type TimeTrackingIssueType,
} from '@cursus/contracts';
import { and, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TimeIssueReporter } from './time-issues.ts';
import {
  boundedDuration,
  closeAtLastActivity,
  type Queryable,
  setTotals,
  sumClosedSessions,
  timestamp,
} from './time-totals.ts';
import { userTimeTracking, userTotalTime } from './time-tracking.tables.ts';

/**
 * An open session without a heartbeat for this long is stuck: its tab died (clients heartbeat
 * every 30 s while open, paused or not; browsers throttle hidden tabs to about once a minute).
 */
export const STUCK_SESSION_AFTER_SECONDS = 15 * 60;

export const INTEGRITY_JOB = 'time-tracking-integrity';

/** SPEC 5: total seconds against hours*3600+minutes*60, within 60 s. */
export function isTotalCorrupted(row: {
  totalTimeSeconds: number;
  totalHours: number;
  remainingMinutes: number;
}) {
  const fromParts = row.totalHours * 3600 + row.remainingMinutes * 60;
  return Math.abs(row.totalTimeSeconds - fromParts) > TIME_TRACKING.corruptionToleranceSeconds;
}

export interface IntegrityReport {
  closedStuckSessions: number;
  closedDuplicateSessions: number;
  repairedTotals: number;
}

/** SPEC 5 checks, on request (the client's local count) and in the hourly job (SPEC 9). */
export function createIntegrityService(deps: {
  database: Database;
  issues: TimeIssueReporter;
  now: () => Date;
}) {
  const { database, issues, now } = deps;

  /** Repairs the learner's totals from their session rows when they disagree; returns the gap repaired. */
  async function repairTotals(db: Queryable, student: { userId: string; organizationId: string }) {
    const [row] = await db.select().from(userTotalTime).where(eq(userTotalTime.userId, student.userId));
    const truth = await sumClosedSessions(db, student.userId);
    const recorded = row?.totalTimeSeconds ?? 0;
    const gap = Math.abs(recorded - truth);
    const corrupted = row ? isTotalCorrupted(row) : false;
    if (gap <= TIME_TRACKING.toleranceSeconds && !corrupted) return null;
    await setTotals(
      db,
      { userId: student.userId, organizationId: row?.organizationId ?? student.organizationId },
      truth,
      now(),
    );
    return { gap, corrupted, recorded, truth };
  }

  async function reportMismatch(
    student: { userId: string; organizationId: string },
    repair: { gap: number; corrupted: boolean; recorded: number; truth: number },
  ) {
    await issues.report({
      issueType: 'time_mismatch',
      userId: student.userId,
      organizationId: student.organizationId,
      detail: repair.corrupted
        ? `total_time_seconds ${repair.recorded} disagrees with its hours and minutes; repaired to ${repair.truth}`
        : `total ${repair.recorded} s against ${repair.truth} s of sessions; repaired`,
      metadata: {
        differenceSeconds: repair.gap,
        recordedSeconds: repair.recorded,
        sessionSeconds: repair.truth,
      },
      alert: repair.corrupted || issues.isAlertGap(repair.gap),
    });
  }

  /**
   * The client sends its local count of a session. The server records it as a heartbeat would
   * (bounded by its clock) and compares: a gap over 30 s is inconsistent, over 300 s alerted.
   */
  async function check(user: SessionUser, input: TimeCheckInput): Promise<TimeCheckResult> {
    if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
    const student = { userId: user.id, organizationId: user.organizationId };
    const at = now();
    const outcome = await database.withTenant(tenantOf(user), async (tx) => {
      const own = and(eq(userTimeTracking.id, input.sessionId), eq(userTimeTracking.userId, user.id));
      const [updated] = await tx
        .update(userTimeTracking)
        .set({
          durationSeconds: boundedDuration(input.localElapsedSeconds, at),
          lastActivityAt: sql`greatest(${userTimeTracking.lastActivityAt}, ${timestamp(at)})`,
        })
        .where(and(own, isNull(userTimeTracking.sessionEnd)))
        .returning({ durationSeconds: userTimeTracking.durationSeconds });
      const session = updated ?? (await tx.select().from(userTimeTracking).where(own))[0];
      if (!session) throw new AppError('NOT_FOUND');
      const [open] = await tx
        .select({ total: count() })
        .from(userTimeTracking)
        .where(and(eq(userTimeTracking.userId, user.id), isNull(userTimeTracking.sessionEnd)));
      const repair = await repairTotals(tx, student);
      return { serverSeconds: session.durationSeconds, openSessionCount: open?.total ?? 0, repair };
    });

    const differenceSeconds = Math.abs(input.localElapsedSeconds - outcome.serverSeconds);
    const found: TimeTrackingIssueType[] = [];
    if (differenceSeconds > TIME_TRACKING.toleranceSeconds) {
      found.push('time_mismatch');
      await issues.report({
        issueType: 'time_mismatch',
        ...student,
        detail: `local ${input.localElapsedSeconds} s against server ${outcome.serverSeconds} s`,
        metadata: { sessionId: input.sessionId, differenceSeconds },
        alert: issues.isAlertGap(differenceSeconds),
      });
    }
    if (outcome.repair) {
      if (!found.includes('time_mismatch')) found.push('time_mismatch');
      await reportMismatch(student, outcome.repair);
    }
    if (outcome.openSessionCount > TIME_TRACKING.maxOpenSessions) {
      found.push('duplicate_tracking');
      await issues.report({
        issueType: 'duplicate_tracking',
        ...student,
        detail: `${outcome.openSessionCount} open sessions`,
        metadata: { openSessionCount: outcome.openSessionCount },
        alert: issues.isAlertDuplicates(outcome.openSessionCount),
      });
    }
    return {
      serverSeconds: outcome.serverSeconds,
      differenceSeconds,
      isConsistent: differenceSeconds <= TIME_TRACKING.toleranceSeconds,
      openSessionCount: outcome.openSessionCount,
      hasDuplicateSessions: outcome.openSessionCount > TIME_TRACKING.maxOpenSessions,
      isTotalCorrupted: outcome.repair?.corrupted ?? false,
      issues: found,
    };
  }

  /**
   * The hourly job (SPEC 9), as cursus_jobs across organisations: closes stuck sessions
   * at their last activity, closes duplicate open sessions (alert above 3), and repairs totals
   * that disagree with the session rows.
   */
  async function runIntegrityCheck(at: Date = now()): Promise<IntegrityReport> {
    const db = database.jobs;
    const report: IntegrityReport = { closedStuckSessions: 0, closedDuplicateSessions: 0, repairedTotals: 0 };

    const stuck = await db
      .select()
      .from(userTimeTracking)
      .where(
        and(
          isNull(userTimeTracking.sessionEnd),
          or(
            lt(userTimeTracking.lastActivityAt, new Date(at.getTime() - STUCK_SESSION_AFTER_SECONDS * 1000)),
            lt(userTimeTracking.sessionStart, new Date(at.getTime() - MAX_SESSION_SECONDS * 1000)),
          ),
        ),
      )
      .orderBy(asc(userTimeTracking.userId), asc(userTimeTracking.sessionStart));
    const stuckByStudent = new Map<string, { organizationId: string; ids: string[] }>();
    for (const session of stuck) {
      const closed = await db.transaction((tx) => closeAtLastActivity(tx, session, at));
      if (!closed) continue;
      report.closedStuckSessions += 1;
      const entry = stuckByStudent.get(session.userId) ?? { organizationId: session.organizationId, ids: [] };
      entry.ids.push(session.id);
      stuckByStudent.set(session.userId, entry);
    }
    for (const [userId, entry] of stuckByStudent) {
      await issues.report({
        issueType: 'session_stuck',
        userId,
        organizationId: entry.organizationId,
        detail: `${entry.ids.length} session(s) without activity for ${STUCK_SESSION_AFTER_SECONDS} s closed at their last activity`,
        metadata: { sessionIds: entry.ids },
      });
    }

    const duplicated = await db
      .select({ userId: userTimeTracking.userId, total: count() })
      .from(userTimeTracking)
      .where(isNull(userTimeTracking.sessionEnd))
      .groupBy(userTimeTracking.userId)
      .having(sql`count(*) > ${TIME_TRACKING.maxOpenSessions}`);
    for (const { userId, total } of duplicated) {
      const open = await db
        .select()
        .from(userTimeTracking)
        .where(and(eq(userTimeTracking.userId, userId), isNull(userTimeTracking.sessionEnd)))
        .orderBy(desc(userTimeTracking.sessionStart));
      // SPEC 4: the newest stays; the others are closed as duplicates, where their activity stopped.
      for (const session of open.slice(1)) {
        if (await db.transaction((tx) => closeAtLastActivity(tx, session, at)))
          report.closedDuplicateSessions += 1;
      }
      await issues.report({
        issueType: 'duplicate_tracking',
        userId,
        organizationId: open[0]!.organizationId,
        detail: `${total} open sessions; ${open.length - 1} closed`,
        metadata: { openSessionCount: total },
        alert: issues.isAlertDuplicates(total),
      });
    }

    // Totals against their sessions, both ways: a totals row off its sessions, or sessions without totals.
    const suspects = await db.execute(sql`
      select coalesce(t.user_id, s.user_id) as user_id, coalesce(t.organization_id, s.organization_id) as organization_id
      from ${userTotalTime} t
      full join (
        select user_id, min(organization_id::text)::uuid as organization_id, sum(duration_seconds)::int as total
        from ${userTimeTracking} where session_end is not null group by user_id
      ) s on s.user_id = t.user_id
      where abs(coalesce(t.total_time_seconds, 0) - coalesce(s.total, 0)) > ${TIME_TRACKING.toleranceSeconds}
         or abs(t.total_time_seconds - (t.total_hours * 3600 + t.remaining_minutes * 60)) > ${TIME_TRACKING.corruptionToleranceSeconds}`);
    // Both drivers answer raw SQL with { rows }.
    const rows = (suspects as unknown as { rows: { user_id: string; organization_id: string }[] }).rows;
    for (const suspect of rows) {
      const student = { userId: suspect.user_id, organizationId: suspect.organization_id };
      const repair = await db.transaction((tx) => repairTotals(tx, student));
      if (!repair) continue;
      report.repairedTotals += 1;
      await reportMismatch(student, repair);
    }
    return report;
  }

  return { check, runIntegrityCheck };
}

export type IntegrityService = ReturnType<typeof createIntegrityService>;
