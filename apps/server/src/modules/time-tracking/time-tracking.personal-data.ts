import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { userTimeTracking, userTotalTime } from './time-tracking.tables.ts';

/** The time ledger: every time session and the totals. */
export async function exportTimeTrackingPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const timeSessions = await tx.select().from(userTimeTracking).where(eq(userTimeTracking.userId, userId));
  const totals = await tx.select().from(userTotalTime).where(eq(userTotalTime.userId, userId));
  return { records: { timeSessions, timeTotals: totals } };
}
