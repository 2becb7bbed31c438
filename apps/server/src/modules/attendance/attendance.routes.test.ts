import type {
  AttendanceSheet,
  LearnerRecord,
  MyAchievements,
  SigningContext,
  SlotQrCode,
} from '@cursus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { lastMailLink } from '../../../test/helper.ts';
import { auditEvents } from '../audit/audit.tables.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { attendanceSignatures } from './attendance.tables.ts';
import { drawSignaturePng } from './demo-signature.ts';

let world: CoursesWorld;
let clock = new Date('2026-11-26T10:00:00Z');
let sessionId: string;
let morningId: string;
let afternoonId: string;

const at = (iso: string) => {
  clock = new Date(iso);
};
const signature = (seed: number) => ({ signature: drawSignaturePng(seed) });
const sheetOf = async () =>
  expectStatus<AttendanceSheet>(
    await world.call('trainerA', 'GET', `/api/trainer/group-sessions/${sessionId}/attendance`),
    200,
  );
const tokenFrom = (link: string) => link.slice(link.indexOf('/sign/') + '/sign/'.length);
const qrCode = async (slotId: string) =>
  tokenFrom(
    expectStatus<SlotQrCode>(
      await world.call('trainerA', 'GET', `/api/trainer/attendance/slots/${slotId}/qr`),
      200,
    ).url,
  );
const errorCode = (response: { json(): { error: { code: string } } }) => response.json().error.code;

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  // One full day in Paris (winter time, UTC+1): 09:00 to 17:00.
  sessionId = expectStatus(
    await world.call('trainerA', 'POST', '/api/trainer/group-sessions', {
      title: 'Excel avancé',
      meetingDate: '2026-12-01T09:00:00+01:00',
      durationMinutes: 480,
      location: 'Salle Lumière, Lyon',
      studentIds: [world.users.studentA1.id, world.users.studentA2.id],
    }),
    200,
  ).id;
});
afterAll(() => world.close());

describe('attendance signing', () => {
  it('cuts a full day into a morning and an afternoon slot, Paris time, with every learner on each', async () => {
    const sheet = await sheetOf();
    expect(sheet.slots.map((slot) => [slot.period, slot.startsAt, slot.endsAt])).toEqual([
      ['morning', '2026-12-01T08:00:00.000Z', '2026-12-01T12:00:00.000Z'],
      ['afternoon', '2026-12-01T12:00:00.000Z', '2026-12-01T16:00:00.000Z'],
    ]);
    expect(sheet.slots[0]!.closesAt).toBe('2026-12-01T12:30:00.000Z');
    expect(sheet.slots.every((slot) => slot.entries.length === 2)).toBe(true);
    expect(sheet.chain).toEqual({ isValid: true, signatureCount: 0, brokenAt: null });
    morningId = sheet.slots[0]!.id;
    afternoonId = sheet.slots[1]!.id;
    // Opening it again creates nothing more.
    expect((await sheetOf()).slots.map((slot) => slot.id)).toEqual([morningId, afternoonId]);
  });

  it('signs once through an emailed link, only while the slot is open', async () => {
    expect(
      expectStatus(
        await world.call('trainerA', 'POST', `/api/trainer/attendance/slots/${morningId}/links`),
        200,
      ),
    ).toEqual({ sent: 2 });
    const token = tokenFrom(await lastMailLink(world.testApp.database, 'lea@org-a.example', '/sign/'));
    // An invitation to sign, which nobody can turn off: the organisation needs the evidence.
    const [mail] = await world.testApp.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, 'lea@org-a.example'),
          eq(emailOutbox.template, 'attendance-signing-link'),
        ),
      );
    expect(mail!.subject).toContain('Signez votre présence');
    expect(mail!.text).toContain('« Excel avancé »');
    expect(mail!.text).toMatch(/valable jusqu’au mardi 1 décembre 2026 à 13:30 \(heure de Paris\)/);
    const context = expectStatus<SigningContext>(
      await world.call(null, 'GET', `/api/attendance/sign/${token}`),
      200,
    );
    expect(context).toMatchObject({ method: 'link', sessionTitle: 'Excel avancé', period: 'morning' });

    const early = await world.call(null, 'POST', `/api/attendance/sign/${token}`, signature(1));
    expect([early.statusCode, errorCode(early)]).toEqual([409, 'SIGNING_NOT_OPEN']);

    at('2026-12-01T08:20:00Z');
    const signed = expectStatus(
      await world.testApp.app.inject({
        method: 'POST',
        url: `/api/attendance/sign/${token}`,
        headers: { origin: 'http://localhost:3000', 'user-agent': 'LeaPhone/1.0' },
        payload: { ...signature(1), method: 'in_person', signedAt: '2020-01-01T00:00:00Z' },
      }),
      200,
    );
    expect(signed.signedAt).toBe('2026-12-01T08:20:00.000Z');
    const again = await world.call(null, 'POST', `/api/attendance/sign/${token}`, signature(1));
    expect([again.statusCode, errorCode(again)]).toEqual([404, 'SIGNING_LINK_INVALID']);

    const [row] = await world.testApp.database.db
      .select()
      .from(attendanceSignatures)
      .where(eq(attendanceSignatures.signerId, world.users.studentA1.id));
    // The server decides the evidence: its clock, the route's method, the connection's agent.
    expect(row).toMatchObject({ method: 'link', userAgent: 'LeaPhone/1.0', sequence: 1, previousHash: null });
    expect(row!.ipAddress).not.toBe('');
    // A first session signed earns the attendance badge.
    const badges = expectStatus<MyAchievements>(
      await world.call('studentA1', 'GET', '/api/achievements'),
      200,
    );
    expect(badges.progress.find((entry) => entry.criterion === 'attendance')).toMatchObject({ value: 1 });
    expect(badges.badges.find((badge) => badge.systemKey === 'first_session')?.awardedAt).not.toBeNull();
    // Her record reads the sheet as the trainer does: signed and not marked is attended.
    const record = expectStatus<LearnerRecord>(
      await world.call('trainerA', 'GET', `/api/learners/${world.users.studentA1.id}`),
      200,
    );
    expect(record.attendance.map(({ period, status }) => ({ period, status }))).toEqual([
      { period: 'afternoon', status: null },
      { period: 'morning', status: 'attended' },
    ]);
  });

  it('refuses a link once the slot and its late-signing allowance are over', async () => {
    expectStatus(
      await world.call('trainerA', 'POST', `/api/trainer/attendance/slots/${afternoonId}/links`),
      200,
    );
    const token = tokenFrom(await lastMailLink(world.testApp.database, 'hugo@org-a.example', '/sign/'));
    at('2026-12-01T16:31:00Z');
    const late = await world.call(null, 'POST', `/api/attendance/sign/${token}`, signature(2));
    expect([late.statusCode, errorCode(late)]).toEqual([410, 'SIGNING_CLOSED']);
    at('2026-12-01T16:29:00Z');
    expectStatus(await world.call(null, 'GET', `/api/attendance/sign/${token}`), 200);
    at('2026-12-01T08:30:00Z');
  });

  it('follows the organisation’s late-signing rule', async () => {
    expect(
      expectStatus(await world.call('trainerA', 'GET', '/api/trainer/attendance/settings'), 200),
    ).toEqual({
      lateSigningMinutes: 30,
    });
    expectStatus(
      await world.call('trainerA', 'PUT', '/api/trainer/attendance/settings', { lateSigningMinutes: 90 }),
      200,
    );
    expect((await sheetOf()).slots[0]!.closesAt).toBe('2026-12-01T13:30:00.000Z');
    const invalid = await world.call('trainerA', 'PUT', '/api/trainer/attendance/settings', {
      lateSigningMinutes: -5,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('signs by a rotating QR code, refusing a code two windows old', async () => {
    const stale = await qrCode(morningId);
    const checked = expectStatus<SigningContext>(
      await world.call('studentA2', 'POST', '/api/attendance/qr/check', { code: stale }),
      200,
    );
    expect(checked.method).toBe('qr');
    at('2026-12-01T08:31:05Z');
    const refused = await world.call('studentA2', 'POST', '/api/attendance/qr/sign', {
      code: stale,
      ...signature(3),
    });
    expect([refused.statusCode, errorCode(refused)]).toEqual([410, 'QR_CODE_EXPIRED']);
    const forged = `${stale.slice(0, -4)}AAAA`;
    expect(
      (await world.call('studentA2', 'POST', '/api/attendance/qr/check', { code: forged })).statusCode,
    ).toBe(410);

    const fresh = await qrCode(morningId);
    const empty = await world.call('studentA2', 'POST', '/api/attendance/qr/sign', {
      code: fresh,
      signature: drawSignaturePng(0, { strokeless: true }),
    });
    expect([empty.statusCode, errorCode(empty)]).toEqual([400, 'SIGNATURE_INVALID']);
    expectStatus(
      await world.call('studentA2', 'POST', '/api/attendance/qr/sign', { code: fresh, ...signature(3) }),
      200,
    );
    const twice = await world.call('studentA2', 'POST', '/api/attendance/qr/sign', {
      code: fresh,
      ...signature(3),
    });
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'ALREADY_SIGNED']);
  });

  it('lets the trainer countersign a slot once, and a learner sign in person', async () => {
    expectStatus(
      await world.call(
        'trainerA',
        'POST',
        `/api/trainer/attendance/slots/${morningId}/countersign`,
        signature(4),
      ),
      200,
    );
    const again = await world.call(
      'trainerA',
      'POST',
      `/api/trainer/attendance/slots/${morningId}/countersign`,
      signature(4),
    );
    expect(again.statusCode).toBe(409);
    at('2026-12-01T12:10:00Z');
    expectStatus(
      await world.call('trainerA', 'POST', `/api/trainer/attendance/slots/${afternoonId}/in-person`, {
        studentId: world.users.studentA1.id,
        ...signature(5),
      }),
      200,
    );
    const stranger = await world.call(
      'trainerA',
      'POST',
      `/api/trainer/attendance/slots/${afternoonId}/in-person`,
      {
        studentId: world.users.studentB.id,
        ...signature(6),
      },
    );
    expect(stranger.statusCode).toBe(404);
    // Staff held the device for both: the trail says so, once each (the refused second
    // countersignature and the stranger left nothing).
    const inPerson = await world.testApp.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'signature.in_person'))
      .orderBy(auditEvents.createdAt);
    expect(
      inPerson.map((event) => [
        event.targetId,
        event.actorId,
        event.details.signerId,
        event.details.signerRole,
      ]),
    ).toEqual([
      [morningId, world.users.trainerA.id, world.users.trainerA.id, 'trainer'],
      [afternoonId, world.users.trainerA.id, world.users.studentA1.id, 'student'],
    ]);

    const sheet = await sheetOf();
    const [morning, afternoon] = sheet.slots;
    expect(morning!.countersignature?.signerName).toBeTruthy();
    expect(morning!.entries.map((entry) => [entry.status, entry.signature?.method])).toEqual(
      expect.arrayContaining([
        ['attended', 'link'],
        ['attended', 'qr'],
      ]),
    );
    expect(
      afternoon!.entries.find((entry) => entry.studentId === world.users.studentA1.id)?.signature?.method,
    ).toBe('in_person');
    expect(sheet.chain).toEqual({ isValid: true, signatureCount: 4, brokenAt: null });
  });

  it('marks a learner absent with a justification, and attended again', async () => {
    const url = `/api/trainer/attendance/slots/${afternoonId}/learners/${world.users.studentA2.id}`;
    expectStatus(
      await world.call('trainerA', 'PUT', url, { status: 'absent', absenceReason: 'Arrêt maladie' }),
      200,
    );
    let entry = (await sheetOf()).slots[1]!.entries.find(
      (item) => item.studentId === world.users.studentA2.id,
    );
    expect(entry).toMatchObject({ status: 'absent', absenceReason: 'Arrêt maladie', absenceFile: null });
    const unknownFile = await world.call('trainerA', 'PUT', url, {
      status: 'absent',
      absenceFileId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownFile.statusCode).toBe(400);
    expectStatus(
      await world.call('trainerA', 'PUT', url, { status: 'attended', absenceReason: 'ignored' }),
      200,
    );
    entry = (await sheetOf()).slots[1]!.entries.find((item) => item.studentId === world.users.studentA2.id);
    expect(entry).toMatchObject({ status: 'attended', absenceReason: null });
    const bad = await world.call('trainerA', 'PUT', url, { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps another organisation’s sheets, slots and signatures out of reach', async () => {
    const asB = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      world.call('trainerB', method, url, payload);
    expect((await asB('GET', `/api/trainer/group-sessions/${sessionId}/attendance`)).statusCode).toBe(404);
    expect((await asB('GET', `/api/trainer/group-sessions/${sessionId}/attendance/pdf`)).statusCode).toBe(
      404,
    );
    expect((await asB('GET', `/api/trainer/attendance/slots/${morningId}/qr`)).statusCode).toBe(404);
    expect((await asB('POST', `/api/trainer/attendance/slots/${morningId}/links`)).statusCode).toBe(404);
    expect(
      (await asB('POST', `/api/trainer/attendance/slots/${afternoonId}/countersign`, signature(7)))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await asB('PUT', `/api/trainer/attendance/slots/${morningId}/learners/${world.users.studentA1.id}`, {
          status: 'absent',
        })
      ).statusCode,
    ).toBe(404);
    const code = await qrCode(afternoonId);
    expect((await world.call('studentB', 'POST', '/api/attendance/qr/check', { code })).statusCode).toBe(404);
    expect(
      (await world.call('studentA1', 'GET', `/api/trainer/group-sessions/${sessionId}/attendance`))
        .statusCode,
    ).toBe(403);
  });

  it('writes the PDF sheet with the learners, signatures, countersignature and audit trail', async () => {
    const response = await world.call(
      'trainerA',
      'GET',
      `/api/trainer/group-sessions/${sessionId}/attendance/pdf`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await getDocument({ data: new Uint8Array(response.rawPayload) }).promise;
    let text = '';
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
    }
    const sheet = await sheetOf();
    expect(text).toContain('Feuille d’émargement');
    expect(text).toContain('Excel avancé');
    expect(text).toContain('Matin');
    expect(text).toContain('Après-midi');
    expect(text).toContain('Contre-signature du formateur');
    expect(text).toContain('Piste d’audit');
    expect(text).toContain('Chaîne vérifiée : intacte');
    expect(text).toContain(sheet.slots[0]!.countersignature!.hash);
    for (const method of ['Lien', 'QR code', 'Sur place']) expect(text).toContain(method);
  });

  it('detects a signature changed afterwards: the chain breaks at that row', async () => {
    await world.testApp.database.db
      .update(attendanceSignatures)
      .set({ signedAt: new Date('2026-12-01T08:05:00Z') })
      .where(and(eq(attendanceSignatures.sessionId, sessionId), eq(attendanceSignatures.sequence, 2)));
    expect((await sheetOf()).chain).toEqual({ isValid: false, signatureCount: 4, brokenAt: 2 });
  });

  it('keeps a signed session from being deleted: the signatures are evidence', async () => {
    const before = await world.testApp.database.db
      .select()
      .from(attendanceSignatures)
      .where(eq(attendanceSignatures.sessionId, sessionId));
    expect(before.length).toBeGreaterThan(0);
    const refused = await world.call('trainerA', 'DELETE', `/api/trainer/group-sessions/${sessionId}`);
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'LINKED_DATA']);
    const after = await world.testApp.database.db
      .select()
      .from(attendanceSignatures)
      .where(eq(attendanceSignatures.sessionId, sessionId));
    expect(after).toHaveLength(before.length);
  });

  it('cuts a sheet nobody signed again when its session moves, and keeps a signed one as signed', async () => {
    const other = expectStatus(
      await world.call('trainerA', 'POST', '/api/trainer/group-sessions', {
        title: 'Révisions',
        meetingDate: '2026-12-03T09:00:00+01:00',
        durationMinutes: 180,
        location: 'Salle B',
        studentIds: [world.users.studentA1.id],
      }),
      200,
    ).id;
    const sheetOfOther = async () =>
      expectStatus<AttendanceSheet>(
        await world.call('trainerA', 'GET', `/api/trainer/group-sessions/${other}/attendance`),
        200,
      );
    expect((await sheetOfOther()).slots.map((slot) => slot.period)).toEqual(['morning']);
    expectStatus(
      await world.call('trainerA', 'PATCH', `/api/trainer/group-sessions/${other}`, {
        meetingDate: '2026-12-03T14:00:00+01:00',
      }),
      200,
    );
    const moved = await sheetOfOther();
    expect(moved.slots.map((slot) => [slot.period, slot.startsAt])).toEqual([
      ['afternoon', '2026-12-03T13:00:00.000Z'],
    ]);
    expect(moved.slots[0]!.entries).toHaveLength(1);

    // The first session's sheet holds signatures: moving it leaves them and their slots alone.
    const signedBefore = (await sheetOf()).slots.map((slot) => slot.startsAt);
    expectStatus(
      await world.call('trainerA', 'PATCH', `/api/trainer/group-sessions/${sessionId}`, {
        meetingDate: '2026-12-08T09:00:00+01:00',
      }),
      200,
    );
    expect((await sheetOf()).slots.map((slot) => slot.startsAt)).toEqual(signedBefore);
  });
});
