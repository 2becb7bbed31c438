import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from './email.tables.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The outbox as the admins' health page sees it: counts and a date, never a message. Read as
 * cursus_jobs, the role that already reads the outbox to deliver it (requests hold no privilege
 * on it).
 */
export async function readOutboxStatus(jobs: Db, at: Date) {
  const [[pending], [failed]] = await Promise.all([
    jobs
      .select({ value: count(), oldest: min(emailOutbox.createdAt) })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending')),
    jobs
      .select({ value: count() })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.status, 'failed'), gt(emailOutbox.createdAt, new Date(at.getTime() - DAY_MS))),
      ),
  ]);
  return {
    pending: pending?.value ?? 0,
    oldestPendingAt: pending?.oldest ?? null,
    failedLastDay: failed?.value ?? 0,
  };
}
