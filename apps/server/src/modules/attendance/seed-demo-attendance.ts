import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { attendanceRecords, attendanceSignatures, attendanceSlots } from './attendance.tables.ts';
import { drawSignaturePng } from './demo-signature.ts';
import { hashSignature } from './signature-chain.ts';
import { computeSlots } from './slots.ts';

const DEMO_USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1';

/**
 * The demo organisation's last past group session gets its signed sheet: every invited learner
 * signed each half-day (by link in the morning, by QR code after lunch) and the trainer
 * countersigned, all in one valid chain, so the PDF sheet and the chain check show real content.
 */
export async function seedDemoAttendance(
  deps: { database: Database },
  input: { organizationId: string; trainerId: string; now: Date },
) {
  const { db } = deps.database;
  const { organizationId } = input;
  const [existing] = await db
    .select({ id: attendanceSlots.id })
    .from(attendanceSlots)
    .where(eq(attendanceSlots.organizationId, organizationId))
    .limit(1);
  if (existing) return;
  // The seed runs as the owner, beside the group-sessions seeder: it reads that module's rows here
  // only because no request is involved.
  const result = await db.execute(sql`select s.id, s.title, s.meeting_date, s.duration_minutes,
      coalesce(json_agg(json_build_object('id', p.student_id, 'name', pr.full_name)) filter (where p.id is not null), '[]') as participants
    from group_sessions s
    left join group_session_participants p on p.session_id = s.id
    left join profiles pr on pr.id = p.student_id
    where s.organization_id = ${organizationId}
      and s.meeting_date + make_interval(mins => s.duration_minutes) < ${input.now.toISOString()}::timestamptz
    group by s.id order by s.meeting_date desc limit 1`);
  const [session] = (
    result as unknown as {
      rows: {
        id: string;
        title: string;
        meeting_date: string | Date;
        duration_minutes: number;
        participants: { id: string; name: string }[] | string;
      }[];
    }
  ).rows;
  if (!session) return;
  const trainer = await db.execute(sql`select full_name from profiles where id = ${input.trainerId}`);
  const trainerName = (trainer as unknown as { rows: { full_name: string }[] }).rows[0]?.full_name ?? '';
  const participants =
    typeof session.participants === 'string' ? JSON.parse(session.participants) : session.participants;
  const ranges = computeSlots(new Date(session.meeting_date), session.duration_minutes);
  const slots = await db
    .insert(attendanceSlots)
    .values(
      ranges.map((range) => ({
        ...range,
        organizationId,
        sessionId: session.id,
        sessionTitle: session.title,
      })),
    )
    .returning();
  let previousHash: string | null = null;
  let sequence = 0;
  for (const slot of slots) {
    if (participants.length > 0)
      await db.insert(attendanceRecords).values(
        participants.map((participant: { id: string }) => ({
          organizationId,
          slotId: slot.id,
          studentId: participant.id,
        })),
      );
    const signers = [
      ...participants.map((participant: { id: string; name: string }, index: number) => ({
        id: participant.id,
        name: participant.name,
        role: 'student' as const,
        method: slot.period === 'morning' ? 'link' : 'qr',
        minutes: 5 + index * 3,
      })),
      { id: input.trainerId, name: trainerName, role: 'trainer' as const, method: 'in_person', minutes: 40 },
    ];
    for (const signer of signers) {
      sequence++;
      const image = drawSignaturePng(sequence);
      const content = {
        sessionId: session.id,
        slotId: slot.id,
        signerId: signer.id,
        signerRole: signer.role,
        imageHash: createHash('sha256')
          .update(Buffer.from(image.slice(image.indexOf(',') + 1), 'base64'))
          .digest('hex'),
        signedAt: new Date(slot.startsAt.getTime() + signer.minutes * 60_000),
        method: signer.method,
        ipAddress: `192.0.2.${10 + sequence}`,
        userAgent: DEMO_USER_AGENT,
        previousHash,
      };
      const hash = hashSignature(content);
      await db.insert(attendanceSignatures).values({
        ...content,
        organizationId,
        signerName: signer.name,
        image,
        sequence,
        hash,
      });
      previousHash = hash;
    }
  }
}
