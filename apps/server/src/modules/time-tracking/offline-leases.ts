import { OFFLINE_LEASE_WINDOW_SECONDS, type OfflineLease } from '@cursus/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { timestamp } from './time-totals.ts';
import { offlineLeases } from './time-tracking.tables.ts';

export type LeaseRow = typeof offlineLeases.$inferSelect;

export function toLease(row: LeaseRow): OfflineLease {
  return {
    id: row.id,
    courseId: row.courseId,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Ends the learner's leases still running at `at`. The server sees the learner online then, so
 * any time they later declare as offline lies before it (under these leases) or after it (under
 * the next one): a lease left open could otherwise fill the hours the learner simply was not there.
 */
export async function endOfflineLeases(tx: Tx, userId: string, at: Date) {
  await tx
    .update(offlineLeases)
    .set({ expiresAt: sql`greatest(${offlineLeases.issuedAt}, ${timestamp(at)})` })
    .where(and(eq(offlineLeases.userId, userId), gt(offlineLeases.expiresAt, at)));
}

/** A start's lease: the earlier ones end here, the new one covers the next OFFLINE_LEASE_WINDOW_SECONDS. */
export async function issueOfflineLease(
  tx: Tx,
  student: { userId: string; organizationId: string },
  courseId: string | null,
  at: Date,
): Promise<OfflineLease> {
  await endOfflineLeases(tx, student.userId, at);
  const [row] = await tx
    .insert(offlineLeases)
    .values({
      ...student,
      courseId,
      issuedAt: at,
      expiresAt: new Date(at.getTime() + OFFLINE_LEASE_WINDOW_SECONDS * 1000),
    })
    .returning();
  return toLease(row!);
}

export const OFFLINE_LEASE_PURGE_JOB = 'offline-leases-purge';

/**
 * How long an ended lease is kept: a learner who was offline for days still syncs what they did
 * under it when they come back. Past this, what a browser kept that long is refused (`no_lease`)
 * rather than credited, and the table does not grow by a row per start for good.
 */
export const OFFLINE_LEASE_RETENTION_MS = 30 * 24 * 3600 * 1000;

/** Deletes the leases ended more than OFFLINE_LEASE_RETENTION_MS before `at`; returns how many. */
export async function purgeOfflineLeases(db: Db, at: Date): Promise<number> {
  const purged = await db
    .delete(offlineLeases)
    .where(lt(offlineLeases.expiresAt, new Date(at.getTime() - OFFLINE_LEASE_RETENTION_MS)))
    .returning({ id: offlineLeases.id });
  return purged.length;
}
