import { createHash, randomBytes } from 'node:crypto';
import {
  type AttendancePeriod,
  type AttendanceSettings,
  type AttendanceSheet,
  type AttendanceSignature,
  type AttendanceStatus,
  DEFAULT_LATE_SIGNING_MINUTES,
  fileUrl,
  type MarkAttendanceInput,
  MarkAttendanceInputSchema,
  type SessionUser,
  type SignatureMethod,
  type SigningContext,
  type SigningReceipt,
  type SlotQrCode,
  type StoredFile,
} from '@cursus/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, max, type SQLWrapper, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { type Database, type TenantContext, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
import { type AuditService, auditActorOf } from '../audit/audit.module.ts';
import type { FilesService } from '../files/files.module.ts';
import {
  attendanceRecords,
  attendanceSettings,
  attendanceSignatures,
  attendanceSlots,
  attendanceTokens,
} from './attendance.tables.ts';
import type { QrCodes } from './qr-codes.ts';
import { hashSignature, verifyChain } from './signature-chain.ts';
import { readSignatureImage } from './signature-image.ts';
import { computeSlots } from './slots.ts';

type SlotRow = typeof attendanceSlots.$inferSelect;
type SignatureRow = typeof attendanceSignatures.$inferSelect;

/** What the group-sessions module answers (its entry's service): the session and who is invited. */
export interface GroupSessionsAccess {
  getSessionForStaff(
    tenant: TenantContext,
    sessionId: string,
  ): Promise<{
    id: string;
    title: string;
    meetingDate: string;
    durationMinutes: number;
    participants: { id: string; fullName: string }[];
  }>;
}

/** The evidence a request carries, read by the route from the connection, never from the body. */
export interface RequestEvidence {
  ipAddress: string;
  userAgent: string;
}

export interface SigningLinkMessage {
  userId: string;
  sessionTitle: string;
  /** The end of the slot plus the organisation's late-signing minutes: the link works until then. */
  expiresAt: Date;
  path: string;
}

const USER_AGENT_MAX = 500;

function organizationOf(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const studentName = sql<string>`coalesce((select p.full_name from profiles p where p.id = attendance_records.student_id), '')`;

function toSignature(row: SignatureRow): AttendanceSignature {
  return {
    signedAt: row.signedAt.toISOString(),
    method: row.method as SignatureMethod,
    image: row.image,
    hash: row.hash,
  };
}

function closesAt(slot: SlotRow, lateMinutes: number): Date {
  return new Date(slot.endsAt.getTime() + lateMinutes * 60_000);
}

export function createAttendanceService(deps: {
  database: Database;
  groupSessions: GroupSessionsAccess;
  files: Pick<FilesService, 'findInOrganization'>;
  achievements: AchievementsService;
  qrCodes: QrCodes;
  /** A person's name, for a signature given through a link (no session to read it from). */
  loadUserName: (userId: string) => Promise<string | null>;
  sendSigningLink: (message: SigningLinkMessage) => Promise<unknown>;
  /** Staff changing what a learner's attendance says goes to the audit trail (issue 19). */
  audit: Pick<AuditService, 'recordEvent'>;
  appUrl: string;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, groupSessions, files, achievements, qrCodes, now, log } = deps;

  async function lateMinutesOf(tx: Tx, organizationId: string): Promise<number> {
    const [row] = await tx
      .select({ minutes: attendanceSettings.lateSigningMinutes })
      .from(attendanceSettings)
      .where(eq(attendanceSettings.organizationId, organizationId));
    return row?.minutes ?? DEFAULT_LATE_SIGNING_MINUTES;
  }

  async function slotForStaff(tx: Tx, organizationId: string, slotId: string): Promise<SlotRow> {
    const [slot] = await tx
      .select()
      .from(attendanceSlots)
      .where(and(eq(attendanceSlots.id, slotId), eq(attendanceSlots.organizationId, organizationId)));
    if (!slot) throw new AppError('NOT_FOUND');
    return slot;
  }

  /** Server clock only: signing opens with the slot and closes after the late-signing allowance. */
  function checkOpen(slot: SlotRow, lateMinutes: number) {
    const at = now();
    if (at < slot.startsAt) throw new AppError('SIGNING_NOT_OPEN');
    if (at > closesAt(slot, lateMinutes)) throw new AppError('SIGNING_CLOSED');
  }

  /**
   * Appends one signature to its session's chain, as cursus_service (the previous hash may be
   * another learner's row). A transaction-scoped advisory lock on the session orders concurrent
   * signers, so two never take the same sequence number; the unique index is the backstop.
   */
  /**
   * A signature taken on staff's device is the one kind of evidence staff place themselves (a
   * learner's link or QR signature is the learner's own act): the trail says who held the device.
   */
  function recordInPersonSignature(
    tx: Tx,
    actor: SessionUser,
    organizationId: string,
    signature: { slotId: string; signerId: string; role: 'student' | 'trainer' },
  ) {
    return deps.audit.recordEvent(
      {
        action: 'signature.in_person',
        organizationId,
        actor: auditActorOf(actor),
        targetType: 'attendance_slot',
        targetId: signature.slotId,
        details: { signerId: signature.signerId, signerRole: signature.role },
      },
      tx,
    );
  }

  async function appendSignature(
    tx: Tx,
    input: {
      slot: SlotRow;
      signerId: string;
      signerRole: 'student' | 'trainer';
      signerName: string;
      method: SignatureMethod;
      image: string;
      evidence: RequestEvidence;
    },
  ): Promise<SigningReceipt> {
    const { slot } = input;
    const { sha256 } = readSignatureImage(input.image);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attendance:${slot.sessionId}`}))`);
    const [existing] = await tx
      .select({ id: attendanceSignatures.id })
      .from(attendanceSignatures)
      .where(
        and(eq(attendanceSignatures.slotId, slot.id), eq(attendanceSignatures.signerId, input.signerId)),
      );
    if (existing) throw new AppError('ALREADY_SIGNED');
    const [last] = await tx
      .select({ sequence: attendanceSignatures.sequence, hash: attendanceSignatures.hash })
      .from(attendanceSignatures)
      .where(eq(attendanceSignatures.sessionId, slot.sessionId))
      .orderBy(desc(attendanceSignatures.sequence))
      .limit(1);
    const content = {
      sessionId: slot.sessionId,
      slotId: slot.id,
      signerId: input.signerId,
      signerRole: input.signerRole,
      imageHash: sha256,
      signedAt: now(),
      method: input.method,
      ipAddress: input.evidence.ipAddress,
      userAgent: input.evidence.userAgent.slice(0, USER_AGENT_MAX),
      previousHash: last?.hash ?? null,
    };
    const hash = hashSignature(content);
    await tx.insert(attendanceSignatures).values({
      ...content,
      organizationId: slot.organizationId,
      signerName: input.signerName,
      image: input.image,
      sequence: (last?.sequence ?? 0) + 1,
      hash,
    });
    return { signedAt: content.signedAt.toISOString(), hash };
  }

  /** After the signature commits: a badge failure never undoes a signature. */
  async function reportAttendance(organizationId: string, userId: string) {
    try {
      await achievements.evaluate({ organizationId, userId, criterion: 'attendance' });
    } catch (error) {
      log.error({ err: error, userId }, 'attendance achievement evaluation failed');
    }
  }

  function contextOf(slot: SlotRow, method: SignatureMethod, lateMinutes: number): SigningContext {
    return {
      method,
      sessionTitle: slot.sessionTitle,
      period: slot.period as AttendancePeriod,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      closesAt: closesAt(slot, lateMinutes).toISOString(),
      hasStarted: now() >= slot.startsAt,
    };
  }

  /** The learner's own slot from a scanned code: genuine, recent, and one they are expected at. */
  async function slotFromQr(actor: SessionUser, code: string) {
    const organizationId = organizationOf(actor);
    const slotId = qrCodes.verify(code, now());
    if (!slotId) throw new AppError('QR_CODE_EXPIRED');
    return database.withTenant(tenantOf(actor), async (tx) => {
      const [found] = await tx
        .select({ slot: attendanceSlots })
        .from(attendanceSlots)
        .innerJoin(attendanceRecords, eq(attendanceRecords.slotId, attendanceSlots.id))
        .where(
          and(
            eq(attendanceSlots.id, slotId),
            eq(attendanceSlots.organizationId, organizationId),
            eq(attendanceRecords.studentId, actor.id),
          ),
        );
      if (!found) throw new AppError('NOT_FOUND');
      return { slot: found.slot, lateMinutes: await lateMinutesOf(tx, organizationId) };
    });
  }

  async function tokenRow(tx: Tx, token: string) {
    const [row] = await tx
      .select({ token: attendanceTokens, slot: attendanceSlots })
      .from(attendanceTokens)
      .innerJoin(attendanceSlots, eq(attendanceSlots.id, attendanceTokens.slotId))
      .where(eq(attendanceTokens.tokenHash, hashToken(token)));
    if (!row || row.token.usedAt) throw new AppError('SIGNING_LINK_INVALID');
    if (now() > row.token.expiresAt) throw new AppError('SIGNING_CLOSED');
    return row;
  }

  return {
    /**
     * For other modules' statements (planning): whether anyone signed the session's sheet, which
     * then is evidence of when it took place. Read under the caller's policies.
     */
    isSigned: (sessionId: SQLWrapper) =>
      sql<boolean>`exists (select 1 from ${attendanceSignatures} where ${attendanceSignatures.sessionId} = ${sessionId})`,

    /**
     * Time each learner attended these sessions, in the caller's transaction: the half-days they
     * were marked attended, or signed and not marked absent (certificates' hours realised).
     */
    async attendedTimeOf(
      tx: Tx,
      sessionIds: string[],
      studentIds: string[],
    ): Promise<Map<string, { seconds: number; firstAt: Date; lastAt: Date }>> {
      const time = new Map<string, { seconds: number; firstAt: Date; lastAt: Date }>();
      if (sessionIds.length === 0 || studentIds.length === 0) return time;
      const signed = sql`exists (select 1 from attendance_signatures s
        where s.slot_id = ${attendanceRecords.slotId} and s.signer_id = ${attendanceRecords.studentId})`;
      const rows = await tx
        .select({
          studentId: attendanceRecords.studentId,
          seconds:
            sql<number>`coalesce(sum(extract(epoch from ${attendanceSlots.endsAt} - ${attendanceSlots.startsAt})), 0)`.mapWith(
              Number,
            ),
          firstAt: sql<Date>`min(${attendanceSlots.startsAt})`.mapWith(attendanceSlots.startsAt),
          lastAt: sql<Date>`max(${attendanceSlots.endsAt})`.mapWith(attendanceSlots.endsAt),
        })
        .from(attendanceRecords)
        .innerJoin(attendanceSlots, eq(attendanceSlots.id, attendanceRecords.slotId))
        .where(
          and(
            inArray(attendanceSlots.sessionId, sessionIds),
            inArray(attendanceRecords.studentId, studentIds),
            sql`(${attendanceRecords.status} = 'attended' or (${attendanceRecords.status} is null and ${signed}))`,
          ),
        )
        .groupBy(attendanceRecords.studentId);
      for (const row of rows)
        time.set(row.studentId, { seconds: row.seconds, firstAt: row.firstAt, lastAt: row.lastAt });
      return time;
    },

    /**
     * The sheet of a session: its half-day slots and invited learners are written on first open
     * (and learners invited since are added), then read with signatures and the chain's check.
     */
    async getSheet(actor: SessionUser, sessionId: string): Promise<AttendanceSheet> {
      const organizationId = organizationOf(actor);
      const session = await groupSessions.getSessionForStaff(tenantOf(actor), sessionId);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const ranges = computeSlots(new Date(session.meetingDate), session.durationMinutes);
        let slots = await tx
          .select()
          .from(attendanceSlots)
          .where(eq(attendanceSlots.sessionId, sessionId))
          .orderBy(asc(attendanceSlots.startsAt));
        const isOutdated =
          slots.length > 0 &&
          (slots.length !== ranges.length ||
            slots.some(
              (slot, index) =>
                slot.startsAt.getTime() !== ranges[index]!.startsAt.getTime() ||
                slot.endsAt.getTime() !== ranges[index]!.endsAt.getTime(),
            ));
        if (isOutdated) {
          // The session moved since its sheet was written: cut again, unless anyone has signed (a
          // signed sheet is evidence and stays as it was signed).
          const [signed] = await tx
            .select({ id: attendanceSignatures.id })
            .from(attendanceSignatures)
            .where(eq(attendanceSignatures.sessionId, sessionId))
            .limit(1);
          if (!signed) {
            await tx.delete(attendanceSlots).where(eq(attendanceSlots.sessionId, sessionId));
            slots = [];
          }
        }
        if (slots.length === 0 && ranges.length > 0) {
          slots = await tx
            .insert(attendanceSlots)
            .values(
              ranges.map((range) => ({ ...range, organizationId, sessionId, sessionTitle: session.title })),
            )
            .onConflictDoNothing()
            .returning();
          slots.sort((left, right) => left.startsAt.getTime() - right.startsAt.getTime());
        } else if (slots.some((slot) => slot.sessionTitle !== session.title)) {
          await tx
            .update(attendanceSlots)
            .set({ sessionTitle: session.title })
            .where(eq(attendanceSlots.sessionId, sessionId));
        }
        const slotIds = slots.map((slot) => slot.id);
        if (slotIds.length > 0 && session.participants.length > 0)
          await tx
            .insert(attendanceRecords)
            .values(
              slots.flatMap((slot) =>
                session.participants.map((participant) => ({
                  organizationId,
                  slotId: slot.id,
                  studentId: participant.id,
                })),
              ),
            )
            .onConflictDoNothing();
        const [records, signatures, lateMinutes] =
          slotIds.length === 0
            ? [[], [], await lateMinutesOf(tx, organizationId)]
            : await Promise.all([
                tx
                  .select({ record: attendanceRecords, studentName })
                  .from(attendanceRecords)
                  .where(inArray(attendanceRecords.slotId, slotIds)),
                tx
                  .select()
                  .from(attendanceSignatures)
                  .where(eq(attendanceSignatures.sessionId, sessionId))
                  .orderBy(asc(attendanceSignatures.sequence)),
                lateMinutesOf(tx, organizationId),
              ]);
        const fileRows = await files.findInOrganization(
          tx,
          organizationId,
          records.flatMap((row) => (row.record.absenceFileId ? [row.record.absenceFileId] : [])),
        );
        const filesById = new Map(
          fileRows.map((file): [string, StoredFile] => [
            file.id,
            {
              id: file.id,
              name: file.name,
              mimeType: file.mimeType,
              sizeBytes: file.sizeBytes,
              purpose: file.purpose as StoredFile['purpose'],
              url: fileUrl(file.id),
              createdAt: file.createdAt.toISOString(),
            },
          ]),
        );
        const signatureOf = new Map(signatures.map((row) => [`${row.slotId}:${row.signerId}`, row]));
        return {
          sessionId,
          sessionTitle: session.title,
          lateSigningMinutes: lateMinutes,
          slots: slots.map((slot) => {
            const countersignature = signatures.find(
              (row) => row.slotId === slot.id && row.signerRole === 'trainer',
            );
            return {
              id: slot.id,
              period: slot.period as AttendancePeriod,
              startsAt: slot.startsAt.toISOString(),
              endsAt: slot.endsAt.toISOString(),
              closesAt: closesAt(slot, lateMinutes).toISOString(),
              countersignature: countersignature
                ? { ...toSignature(countersignature), signerName: countersignature.signerName }
                : null,
              entries: records
                .filter((row) => row.record.slotId === slot.id)
                .sort((left, right) => left.studentName.localeCompare(right.studentName, 'fr'))
                .map(({ record, studentName: name }) => {
                  const signature = signatureOf.get(`${slot.id}:${record.studentId}`);
                  return {
                    studentId: record.studentId,
                    studentName: name,
                    status: (record.status as AttendanceStatus | null) ?? (signature ? 'attended' : null),
                    absenceReason: record.absenceReason,
                    absenceFile: record.absenceFileId ? (filesById.get(record.absenceFileId) ?? null) : null,
                    signature: signature ? toSignature(signature) : null,
                  };
                }),
            };
          }),
          chain: verifyChain(signatures),
        };
      });
    },

    /** Emails a fresh single-use link to each learner of the slot who has not signed yet. */
    async sendLinks(actor: SessionUser, slotId: string): Promise<{ sent: number }> {
      const organizationId = organizationOf(actor);
      const { slot, issued, expiresAt } = await database.withTenant(tenantOf(actor), async (tx) => {
        const slot = await slotForStaff(tx, organizationId, slotId);
        const lateMinutes = await lateMinutesOf(tx, organizationId);
        if (now() > closesAt(slot, lateMinutes)) throw new AppError('SIGNING_CLOSED');
        const unsigned = await tx
          .select({ studentId: attendanceRecords.studentId })
          .from(attendanceRecords)
          .leftJoin(
            attendanceSignatures,
            and(
              eq(attendanceSignatures.slotId, attendanceRecords.slotId),
              eq(attendanceSignatures.signerId, attendanceRecords.studentId),
            ),
          )
          .where(and(eq(attendanceRecords.slotId, slotId), isNull(attendanceSignatures.id)));
        const issued = unsigned.map((row) => ({
          studentId: row.studentId,
          token: randomBytes(32).toString('base64url'),
        }));
        if (issued.length > 0)
          await tx.insert(attendanceTokens).values(
            issued.map((entry) => ({
              organizationId,
              slotId,
              studentId: entry.studentId,
              tokenHash: hashToken(entry.token),
              expiresAt: closesAt(slot, lateMinutes),
            })),
          );
        return { slot, issued, expiresAt: closesAt(slot, lateMinutes) };
      });
      let sent = 0;
      for (const entry of issued) {
        try {
          await deps.sendSigningLink({
            userId: entry.studentId,
            sessionTitle: slot.sessionTitle,
            expiresAt,
            path: `/sign/${entry.token}`,
          });
          sent++;
        } catch (error) {
          log.error({ err: error, slotId }, 'signing link email failed');
        }
      }
      return { sent };
    },

    async getQrCode(actor: SessionUser, slotId: string): Promise<SlotQrCode> {
      const organizationId = organizationOf(actor);
      await database.withTenant(tenantOf(actor), (tx) => slotForStaff(tx, organizationId, slotId));
      const { code, refreshAt } = qrCodes.issue(slotId, now());
      const url = `${deps.appUrl}/sign/${code}`;
      const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        url,
        image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        refreshAt: refreshAt.toISOString(),
      };
    },

    /** The trainer's countersignature of a slot, once it has started; part of the same chain. */
    async countersign(actor: SessionUser, slotId: string, image: string, evidence: RequestEvidence) {
      const organizationId = organizationOf(actor);
      const slot = await database.withTenant(tenantOf(actor), (tx) =>
        slotForStaff(tx, organizationId, slotId),
      );
      if (now() < slot.startsAt) throw new AppError('SIGNING_NOT_OPEN');
      return database.service.transaction(async (tx) => {
        const receipt = await appendSignature(tx, {
          slot,
          signerId: actor.id,
          signerRole: 'trainer',
          signerName: actor.fullName,
          method: 'in_person',
          image,
          evidence,
        });
        await recordInPersonSignature(tx, actor, organizationId, {
          slotId,
          signerId: actor.id,
          role: 'trainer',
        });
        return receipt;
      });
    },

    /** A learner signs on the trainer's device: the learner must be on the slot's sheet. */
    async signInPerson(
      actor: SessionUser,
      slotId: string,
      studentId: string,
      image: string,
      evidence: RequestEvidence,
    ) {
      const organizationId = organizationOf(actor);
      const { slot, lateMinutes, name } = await database.withTenant(tenantOf(actor), async (tx) => {
        const slot = await slotForStaff(tx, organizationId, slotId);
        const [record] = await tx
          .select({ name: studentName })
          .from(attendanceRecords)
          .where(and(eq(attendanceRecords.slotId, slotId), eq(attendanceRecords.studentId, studentId)));
        if (!record) throw new AppError('NOT_FOUND');
        return { slot, lateMinutes: await lateMinutesOf(tx, organizationId), name: record.name };
      });
      checkOpen(slot, lateMinutes);
      const receipt = await database.service.transaction(async (tx) => {
        const signed = await appendSignature(tx, {
          slot,
          signerId: studentId,
          signerRole: 'student',
          signerName: name,
          method: 'in_person',
          image,
          evidence,
        });
        await recordInPersonSignature(tx, actor, organizationId, {
          slotId,
          signerId: studentId,
          role: 'student',
        });
        return signed;
      });
      await reportAttendance(organizationId, studentId);
      return receipt;
    },

    /** Attended or absent, an absence's reason and document (uploaded first through the files module). */
    async mark(actor: SessionUser, slotId: string, studentId: string, input: MarkAttendanceInput) {
      const organizationId = organizationOf(actor);
      const values = MarkAttendanceInputSchema.parse(input);
      const isAbsent = values.status === 'absent';
      await database.withTenant(tenantOf(actor), async (tx) => {
        await slotForStaff(tx, organizationId, slotId);
        if (isAbsent && values.absenceFileId) {
          const [file] = await files.findInOrganization(tx, organizationId, [values.absenceFileId]);
          if (!file)
            throw new AppError('VALIDATION_ERROR', {
              fields: [{ path: 'absenceFileId', message: 'unknown file' }],
            });
        }
        const recordOf = and(
          eq(attendanceRecords.slotId, slotId),
          eq(attendanceRecords.studentId, studentId),
        );
        const [before] = await tx
          .select({ status: attendanceRecords.status, absenceReason: attendanceRecords.absenceReason })
          .from(attendanceRecords)
          .where(recordOf);
        const updated = await tx
          .update(attendanceRecords)
          .set({
            status: values.status,
            absenceReason: isAbsent ? values.absenceReason : null,
            absenceFileId: isAbsent ? values.absenceFileId : null,
            markedBy: actor.id,
            markedAt: now(),
          })
          .where(recordOf)
          .returning({ id: attendanceRecords.id });
        if (updated.length === 0 || !before) throw new AppError('NOT_FOUND');
        await deps.audit.recordEvent(
          {
            action: 'signature.changed',
            organizationId,
            actor: auditActorOf(actor),
            targetType: 'attendance_record',
            targetId: updated[0]!.id,
            before,
            after: { status: values.status, absenceReason: isAbsent ? values.absenceReason : null },
            details: { slotId, studentId },
          },
          tx,
        );
      });
    },

    async getSettings(actor: SessionUser): Promise<AttendanceSettings> {
      const organizationId = organizationOf(actor);
      return database.withTenant(tenantOf(actor), async (tx) => ({
        lateSigningMinutes: await lateMinutesOf(tx, organizationId),
      }));
    },

    async updateSettings(actor: SessionUser, input: AttendanceSettings): Promise<AttendanceSettings> {
      const organizationId = organizationOf(actor);
      await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .insert(attendanceSettings)
          .values({ organizationId, lateSigningMinutes: input.lateSigningMinutes, updatedAt: now() })
          .onConflictDoUpdate({
            target: attendanceSettings.organizationId,
            set: { lateSigningMinutes: input.lateSigningMinutes, updatedAt: now() },
          }),
      );
      return { lateSigningMinutes: input.lateSigningMinutes };
    },

    /** What an emailed link names, before the learner draws (signed out: cursus_service). */
    async getLink(token: string): Promise<SigningContext> {
      return database.service.transaction(async (tx) => {
        const { slot } = await tokenRow(tx, token);
        return contextOf(slot, 'link', await lateMinutesOf(tx, slot.organizationId));
      });
    },

    /** Signs through an emailed link: the token is spent in the same transaction as the signature. */
    async signLink(token: string, image: string, evidence: RequestEvidence): Promise<SigningReceipt> {
      const { receipt, organizationId, studentId } = await database.service.transaction(async (tx) => {
        const { token: row, slot } = await tokenRow(tx, token);
        if (now() < slot.startsAt) throw new AppError('SIGNING_NOT_OPEN');
        const spent = await tx
          .update(attendanceTokens)
          .set({ usedAt: now() })
          .where(and(eq(attendanceTokens.id, row.id), isNull(attendanceTokens.usedAt)))
          .returning({ id: attendanceTokens.id });
        if (spent.length === 0) throw new AppError('SIGNING_LINK_INVALID');
        const name = (await deps.loadUserName(row.studentId)) ?? '';
        const receipt = await appendSignature(tx, {
          slot,
          signerId: row.studentId,
          signerRole: 'student',
          signerName: name,
          method: 'link',
          image,
          evidence,
        });
        return { receipt, organizationId: slot.organizationId, studentId: row.studentId };
      });
      await reportAttendance(organizationId, studentId);
      return receipt;
    },

    async checkQr(actor: SessionUser, code: string): Promise<SigningContext> {
      const { slot, lateMinutes } = await slotFromQr(actor, code);
      return contextOf(slot, 'qr', lateMinutes);
    },

    /** Signs after scanning the room's code; the code is checked again at submission. */
    async signQr(actor: SessionUser, code: string, image: string, evidence: RequestEvidence) {
      const { slot, lateMinutes } = await slotFromQr(actor, code);
      checkOpen(slot, lateMinutes);
      const receipt = await database.service.transaction((tx) =>
        appendSignature(tx, {
          slot,
          signerId: actor.id,
          signerRole: 'student',
          signerName: actor.fullName,
          method: 'qr',
          image,
          evidence,
        }),
      );
      await reportAttendance(slot.organizationId, actor.id);
      return receipt;
    },

    /** Everything the PDF sheet shows, read as the trainer. */
    /**
     * The actor's organisation's sessions that were signed since `since`, most recently signed first:
     * the audit pack's sheets. Filtered on the organisation, not only by the policies, which let an
     * admin read every organisation's.
     */
    async signedSessionIds(actor: SessionUser, since: Date, limit: number): Promise<string[]> {
      const organizationId = organizationOf(actor);
      const lastSigned = max(attendanceSignatures.signedAt);
      const rows = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .select({ sessionId: attendanceSignatures.sessionId })
          .from(attendanceSignatures)
          .where(
            and(
              eq(attendanceSignatures.organizationId, organizationId),
              gte(attendanceSignatures.signedAt, since),
            ),
          )
          .groupBy(attendanceSignatures.sessionId)
          .orderBy(desc(lastSigned))
          .limit(limit),
      );
      return rows.map((row) => row.sessionId);
    },

    async readSheetForPdf(actor: SessionUser, sessionId: string) {
      const sheet = await this.getSheet(actor, sessionId);
      const signatures = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .select()
          .from(attendanceSignatures)
          .where(eq(attendanceSignatures.sessionId, sessionId))
          .orderBy(asc(attendanceSignatures.sequence)),
      );
      return { sheet, signatures };
    },
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
