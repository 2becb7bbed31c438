import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { attendanceRecords, attendanceSignatures, attendanceSlots } from './attendance.tables.ts';

/**
 * The half-days a learner was expected at, newest first, for their record: the trainer's decision,
 * or attended when the learner signed the sheet and the trainer has not marked them, as the sheet
 * and the certificates' hours read it (attendance.service.ts).
 */
export function listLearnerAttendance(tx: Tx, studentId: string) {
  return tx
    .select({
      slotId: attendanceSlots.id,
      sessionId: attendanceSlots.sessionId,
      sessionTitle: attendanceSlots.sessionTitle,
      period: attendanceSlots.period,
      startsAt: attendanceSlots.startsAt,
      status: sql<
        string | null
      >`coalesce(${attendanceRecords.status}, case when ${attendanceSignatures.id} is not null then 'attended' end)`,
    })
    .from(attendanceRecords)
    .innerJoin(attendanceSlots, eq(attendanceSlots.id, attendanceRecords.slotId))
    .leftJoin(
      attendanceSignatures,
      and(
        eq(attendanceSignatures.slotId, attendanceRecords.slotId),
        eq(attendanceSignatures.signerId, attendanceRecords.studentId),
      ),
    )
    .where(eq(attendanceRecords.studentId, studentId))
    .orderBy(desc(attendanceSlots.startsAt))
    .limit(200);
}
