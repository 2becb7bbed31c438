import {
  MAX_SESSION_SECONDS,
  type PendingSession,
  type SessionUser,
  type SyncPendingSessionsResult,
  type SyncRejection,
  TIME_TRACKING,
} from '@cursus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LearningService } from '../courses/courses.module.ts';
import type { TimeIssueReporter } from './time-issues.ts';
import { addToTotals, readTotals, timestamp } from './time-totals.ts';
import { userTimeTracking } from './time-tracking.tables.ts';

type Result = SyncPendingSessionsResult['results'][number];

/**
 * SPEC 4 offline: sessions the browser could not save are sent here when the connection returns.
 * The client's id makes the call idempotent: a session already recorded answers `duplicate` and
 * counts nothing; an id of a session the server opened closes it (bounded like an end); a new
 * one is recorded unless it is impossible or overlaps time already counted.
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

  /** Formations named by the entries that the learner may track time on; others are dropped, not failed. */
  async function knownCourses(user: SessionUser, entries: PendingSession[]) {
    const known = new Set<string>();
    for (const courseId of new Set(entries.flatMap((entry) => (entry.courseId ? [entry.courseId] : [])))) {
      try {
        await learning.getCourse(user, courseId);
        known.add(courseId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return known;
  }

  return async function syncSessions(
    user: SessionUser,
    entries: PendingSession[],
  ): Promise<SyncPendingSessionsResult> {
    if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
    const courses = await knownCourses(user, entries);
    const at = now();
    const student = { userId: user.id, organizationId: user.organizationId };
    const sorted = [...entries].sort((a, b) => a.sessionStart.localeCompare(b.sessionStart));

    const outcome = await database.withTenant(tenantOf(user), async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${user.id}, 0))`);
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
        const start = new Date(entry.sessionStart);
        const end = new Date(entry.sessionEnd);
        if (existing) {
          // A session the server opened and the client ended offline: closed like an end, bounded
          // by the server's own start.
          const [closed] = await tx
            .update(userTimeTracking)
            .set({
              durationSeconds: sql`greatest(${userTimeTracking.durationSeconds}, least(${entry.durationSeconds}::int,
                ceil(extract(epoch from (least(${timestamp(end)}, ${timestamp(at)}) - ${userTimeTracking.sessionStart})))::int + ${TIME_TRACKING.toleranceSeconds},
                ${MAX_SESSION_SECONDS}))`,
              sessionEnd: sql`greatest(${userTimeTracking.lastActivityAt}, least(${timestamp(end)}, ${timestamp(at)}))`,
              lastActivityAt: sql`greatest(${userTimeTracking.lastActivityAt}, least(${timestamp(end)}, ${timestamp(at)}))`,
            })
            .where(and(eq(userTimeTracking.id, entry.id), sql`${userTimeTracking.sessionEnd} is null`))
            .returning();
          if (closed) await addToTotals(tx, student, closed.durationSeconds, at);
          results.set(entry.id, { id: entry.id, status: closed ? 'synced' : 'duplicate' });
          continue;
        }
        // Time already counted (online, or another offline session) cannot be counted again.
        const [overlap] = await tx
          .select({ id: userTimeTracking.id })
          .from(userTimeTracking)
          .where(
            and(
              eq(userTimeTracking.userId, user.id),
              sql`${userTimeTracking.sessionStart} < ${timestamp(end)}`,
              sql`coalesce(${userTimeTracking.sessionEnd}, ${userTimeTracking.lastActivityAt}) > ${timestamp(start)}`,
            ),
          )
          .limit(1);
        if (overlap) {
          reject(entry.id, 'overlapping');
          continue;
        }
        const inserted = await tx
          .insert(userTimeTracking)
          .values({
            id: entry.id,
            ...student,
            courseId: entry.courseId && courses.has(entry.courseId) ? entry.courseId : null,
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
        await addToTotals(tx, student, entry.durationSeconds, at);
        results.set(entry.id, { id: entry.id, status: 'synced' });
      }
      return { results, totals: await readTotals(tx, user.id) };
    });

    const results = entries.map((entry) => outcome.results.get(entry.id)!);
    const rejected = results.filter((result) => result.status === 'rejected');
    if (rejected.length > 0) {
      await issues.report({
        issueType: 'sync_error',
        userId: user.id,
        organizationId: user.organizationId,
        detail: `${rejected.length} of ${entries.length} offline sessions rejected`,
        metadata: { rejected },
      });
    }
    return { results, totals: outcome.totals };
  };
}
