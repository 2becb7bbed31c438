import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { attendanceRecords, attendanceSlots } from './attendance.tables.ts';

/** The half-days a learner was expected at, newest first, with the trainer's decision, for their record. */
export function listLearnerAttendance(tx: Tx, studentId: string) {
  return tx
    .select({
      slotId: attendanceSlots.id,
      sessionId: attendanceSlots.sessionId,
      sessionTitle: attendanceSlots.sessionTitle,
      period: attendanceSlots.period,
      startsAt: attendanceSlots.startsAt,
      status: attendanceRecords.status,
    })
    .from(attendanceRecords)
    .innerJoin(attendanceSlots, eq(attendanceSlots.id, attendanceRecords.slotId))
    .where(eq(attendanceRecords.studentId, studentId))
    .orderBy(desc(attendanceSlots.startsAt))
    .limit(200);
}
