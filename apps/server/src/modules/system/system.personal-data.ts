import {
  NOT_FOUND_RETENTION_DAYS,
  SIGN_IN_LOG_RETENTION_DAYS,
  SYSTEM_LOG_RETENTION_DAYS,
} from '@cursus/contracts';
import { eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { notFoundErrors, signInLogs, systemLogs } from './system.tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The person's sign-ins (date, address, browser). */
export async function exportSystemPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const rows = await tx
    .select({
      createdAt: signInLogs.createdAt,
      ipAddress: signInLogs.ipAddress,
      userAgent: signInLogs.userAgent,
      userRole: signInLogs.userRole,
    })
    .from(signInLogs)
    .where(eq(signInLogs.userId, userId));
  return { records: { signIns: rows } };
}

export async function eraseSignInLogs(tx: Tx, userId: string): Promise<void> {
  await tx.delete(signInLogs).where(eq(signInLogs.userId, userId));
}

/**
 * Removes the logs older than their periods (contracts' privacy.ts says why each), as cursus_jobs.
 * Answers how many rows of each went.
 */
export async function purgeExpiredLogs(jobs: Db, at: Date) {
  const before = (days: number) => new Date(at.getTime() - days * DAY_MS);
  const signIns = await jobs
    .delete(signInLogs)
    .where(lt(signInLogs.createdAt, before(SIGN_IN_LOG_RETENTION_DAYS)))
    .returning({ id: signInLogs.id });
  const logs = await jobs
    .delete(systemLogs)
    .where(lt(systemLogs.createdAt, before(SYSTEM_LOG_RETENTION_DAYS)))
    .returning({ id: systemLogs.id });
  const notFound = await jobs
    .delete(notFoundErrors)
    .where(lt(notFoundErrors.timestamp, before(NOT_FOUND_RETENTION_DAYS)))
    .returning({ id: notFoundErrors.id });
  return { signInLogs: signIns.length, systemLogs: logs.length, notFoundErrors: notFound.length };
}
