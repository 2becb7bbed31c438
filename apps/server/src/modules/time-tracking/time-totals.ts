import { MAX_SESSION_SECONDS, TIME_TRACKING, type TimeSession, type TotalTime } from '@cursus/contracts';
import { and, eq, isNotNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { userTimeTracking, userTotalTime } from './time-tracking.tables.ts';

type SessionRow = typeof userTimeTracking.$inferSelect;
type TotalRow = typeof userTotalTime.$inferSelect;
/** A request's transaction or the jobs' connection. */
export type Queryable = Tx | Db;

/** A time as a parameter; a placeholder is filled with an ISO string (prepared statements). */
export const timestamp = (at: Date | Placeholder) =>
  sql`${at instanceof Date ? at.toISOString() : at}::timestamptz`;
const secondsBetween = (later: SQL, earlier: SQL | typeof userTimeTracking.sessionStart) =>
  sql`ceil(extract(epoch from (${later} - ${earlier})))::int`;

/**
 * How much of what the client claims is accepted (docs/time-tracking.md). The client counts the
 * seconds it was active; the server accepts that count but never lets it grow faster than its own
 * clock since the last recorded write, nor beyond the time since the session started, each with
 * the 30 s tolerance of SPEC 5, nor beyond 28,800 s, and never lets it go down.
 */
export function boundedDuration(claimedSeconds: number | Placeholder, now: Date | Placeholder): SQL<number> {
  const { toleranceSeconds } = TIME_TRACKING;
  const at = timestamp(now);
  return sql<number>`greatest(${userTimeTracking.durationSeconds}, least(
    ${claimedSeconds}::int,
    ${userTimeTracking.durationSeconds} + ${secondsBetween(at, sql`${userTimeTracking.lastActivityAt}`)} + ${toleranceSeconds},
    ${secondsBetween(at, userTimeTracking.sessionStart)} + ${toleranceSeconds},
    ${MAX_SESSION_SECONDS}))`;
}

export function toSession(row: SessionRow): TimeSession {
  return {
    id: row.id,
    userId: row.userId,
    courseId: row.courseId,
    sessionStart: row.sessionStart.toISOString(),
    sessionEnd: row.sessionEnd?.toISOString() ?? null,
    durationSeconds: row.durationSeconds,
    lastActivityAt: row.lastActivityAt.toISOString(),
  };
}

export function toTotals(row: TotalRow | undefined): TotalTime {
  if (!row) return { totalTimeSeconds: 0, totalHours: 0, remainingMinutes: 0, updatedAt: null };
  return {
    totalTimeSeconds: row.totalTimeSeconds,
    totalHours: row.totalHours,
    remainingMinutes: row.remainingMinutes,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const splitTotal = (total: number) => ({
  totalTimeSeconds: total,
  totalHours: Math.floor(total / 3600),
  remainingMinutes: Math.floor((total % 3600) / 60),
});

/**
 * SPEC 7 update-total-time: adds a closed session's seconds to the learner's totals, keeping
 * hours and remaining minutes in step. Called in the transaction that closes the session.
 */
export async function addToTotals(
  db: Queryable,
  student: { userId: string; organizationId: string },
  seconds: number,
  now: Date,
): Promise<TotalTime> {
  const sum = sql`${userTotalTime.totalTimeSeconds} + ${seconds}::int`;
  const [row] = await db
    .insert(userTotalTime)
    .values({
      userId: student.userId,
      organizationId: student.organizationId,
      ...splitTotal(seconds),
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: userTotalTime.userId,
      set: {
        totalTimeSeconds: sum,
        totalHours: sql`(${sum}) / 3600`,
        remainingMinutes: sql`((${sum}) % 3600) / 60`,
        updatedAt: now,
      },
    })
    .returning();
  return toTotals(row);
}

/** Sets the totals to exactly `total` seconds (repair from session rows, admin reset). */
export async function setTotals(
  db: Queryable,
  student: { userId: string; organizationId: string },
  total: number,
  now: Date,
): Promise<TotalTime> {
  const values = { ...splitTotal(total), updatedAt: now };
  const [row] = await db
    .insert(userTotalTime)
    .values({ userId: student.userId, organizationId: student.organizationId, ...values })
    .onConflictDoUpdate({ target: userTotalTime.userId, set: values })
    .returning();
  return toTotals(row);
}

/** What the learner's closed sessions add up to: the truth the totals are repaired from. */
export async function sumClosedSessions(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${userTimeTracking.durationSeconds}), 0)::int` })
    .from(userTimeTracking)
    .where(and(eq(userTimeTracking.userId, userId), isNotNull(userTimeTracking.sessionEnd)));
  return Number(row?.total ?? 0);
}

export async function readTotals(db: Queryable, userId: string): Promise<TotalTime> {
  const [row] = await db.select().from(userTotalTime).where(eq(userTotalTime.userId, userId));
  return toTotals(row);
}

/**
 * Closes an open session where its tab left it: at its last recorded activity, with the duration
 * recorded then (never "now", which would count the time the tab was dead), and counts it.
 */
export async function closeAtLastActivity(db: Queryable, session: SessionRow, now: Date) {
  const [closed] = await db
    .update(userTimeTracking)
    .set({
      sessionEnd: sql`greatest(${userTimeTracking.sessionStart}, ${userTimeTracking.lastActivityAt})`,
      durationSeconds: sql`least(${userTimeTracking.durationSeconds}, ${MAX_SESSION_SECONDS})`,
    })
    .where(and(eq(userTimeTracking.id, session.id), sql`${userTimeTracking.sessionEnd} is null`))
    .returning();
  if (!closed) return null;
  await addToTotals(db, closed, closed.durationSeconds, now);
  return closed;
}
