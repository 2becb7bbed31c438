import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { attendanceRecords, attendanceSignatures, attendanceSlots } from './attendance.tables.ts';

/** Presence per half-day and the signatures, with their drawn images. */
export async function exportAttendancePersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const records = await tx
    .select({
      slotId: attendanceRecords.slotId,
      sessionTitle: attendanceSlots.sessionTitle,
      startsAt: attendanceSlots.startsAt,
      status: attendanceRecords.status,
      absenceReason: attendanceRecords.absenceReason,
      absenceFileId: attendanceRecords.absenceFileId,
      markedAt: attendanceRecords.markedAt,
    })
    .from(attendanceRecords)
    .innerJoin(attendanceSlots, eq(attendanceSlots.id, attendanceRecords.slotId))
    .where(eq(attendanceRecords.studentId, userId));
  const signatures = await tx
    .select()
    .from(attendanceSignatures)
    .where(eq(attendanceSignatures.signerId, userId));
  return {
    records: {
      attendance: records,
      attendanceSignatures: signatures.map(({ image, ...row }) => ({
        ...row,
        image: `images/attendance-${row.id}.png`,
      })),
    },
    storedFiles: records.flatMap((row) =>
      row.absenceFileId ? [{ id: row.absenceFileId, folder: 'absences' }] : [],
    ),
    images: signatures.map((row) => ({ name: `attendance-${row.id}`, base64Png: row.image })),
  };
}

/**
 * The sheets are kept as evidence; the signer's name on the erased learner's signatures becomes the
 * pseudonym. The name is not part of a signature's chained hash, so the chain still verifies.
 */
export async function pseudonymiseAttendanceSigner(tx: Tx, userId: string, label: string): Promise<void> {
  await tx
    .update(attendanceSignatures)
    .set({ signerName: label })
    .where(eq(attendanceSignatures.signerId, userId));
}
