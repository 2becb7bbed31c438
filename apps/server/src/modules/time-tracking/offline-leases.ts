import { OFFLINE_LEASE_WINDOW_SECONDS, type OfflineLease } from '@cursus/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
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
