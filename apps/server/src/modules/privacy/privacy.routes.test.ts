import {
  DEFAULT_RETENTION_YEARS,
  type Erasure,
  type ErasurePreview,
  NOT_FOUND_RETENTION_DAYS,
  type RetentionSettings,
  SIGN_IN_LOG_RETENTION_DAYS,
  type StoredFile,
  SYSTEM_LOG_RETENTION_DAYS,
} from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ENGINE, ORIGIN, signIn, unzip } from '../../../test/helper.ts';
import { attendanceRecords, attendanceSlots } from '../attendance/attendance.tables.ts';
import { auditEvents } from '../audit/audit.tables.ts';
import { authSessions, authUsers } from '../auth/auth.tables.ts';
import { certificates } from '../certificates/certificates.tables.ts';
import { courses } from '../courses/courses.tables.ts';
import { groupSessions } from '../group-sessions/group-sessions.tables.ts';
import { conversations } from '../messages/messages.tables.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { studentQuestions } from '../questions/questions.tables.ts';
import { certifiedSignatures } from '../signatures/signatures.tables.ts';
import { notFoundErrors, signInLogs, systemLogs } from '../system/system.tables.ts';
import { userTimeTracking } from '../time-tracking/time-tracking.tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(800, 0x20), Buffer.from('\n%%EOF\n')]);
// A 1×1 transparent PNG: what a drawn signature is stored as.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let world: CoursesWorld;
let clock = Date.parse('2026-03-02T09:00:00Z');
let attachment: StoredFile;

const db = () => world.testApp.database.db;

async function exportOf(person: Person) {
  const response = await world.call(person, 'GET', '/api/privacy/export');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  const entries = await unzip(response.rawPayload);
  return { entries, data: JSON.parse(entries.get('data.json')!.toString('utf8')) };
}

function uploadAttachment(person: Person, conversationId: string) {
  const boundary = '----cursus-privacy-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bulletin.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return world.testApp.app.inject({
    method: 'POST',
    url: `/api/messages/conversations/${conversationId}/files?purpose=document`,
    headers: {
      ...ORIGIN,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: world.users[person].cookie,
    },
    payload: body,
  });
}

/** Léa (A1) has records in several modules; Hugo (A2) has a message of his own. */
async function seedLearnerData() {
  const { studentA1, trainerA } = world.users;
  const organizationId = trainerA.organizationId!;
  const conversation = expectStatus<{ id: string }>(
    await world.call('studentA1', 'POST', '/api/messages/conversations', { participantId: trainerA.id }),
    200,
  );
  expectStatus(
    await world.call('studentA1', 'POST', `/api/messages/conversations/${conversation.id}/messages`, {
      body: 'Bonjour, ma question de Léa',
    }),
    200,
  );
  attachment = expectStatus<StoredFile>(await uploadAttachment('studentA1', conversation.id), 200);
  expectStatus(
    await world.call('studentA1', 'POST', `/api/messages/conversations/${conversation.id}/messages`, {
      body: '',
      fileId: attachment.id,
    }),
    200,
  );
  const other = expectStatus<{ id: string }>(
    await world.call('studentA2', 'POST', '/api/messages/conversations', { participantId: trainerA.id }),
    200,
  );
  expectStatus(
    await world.call('studentA2', 'POST', `/api/messages/conversations/${other.id}/messages`, {
      body: 'Le secret de Hugo',
    }),
    200,
  );

  // Records the learner earned through the formation, written as fixtures.
  const [course] = await db().insert(courses).values({ organizationId, title: 'Excel avancé' }).returning();
  const start = new Date(clock - 2 * DAY_MS);
  await db()
    .insert(userTimeTracking)
    .values({
      organizationId,
      userId: studentA1.id,
      courseId: course!.id,
      sessionStart: start,
      sessionEnd: new Date(start.getTime() + 3600_000),
      durationSeconds: 3600,
      lastActivityAt: new Date(start.getTime() + 3600_000),
    });
  const [session] = await db()
    .insert(groupSessions)
    .values({ organizationId, title: 'Atelier tableaux croisés', meetingDate: start, durationMinutes: 180 })
    .returning();
  const [slot] = await db()
    .insert(attendanceSlots)
    .values({
      organizationId,
      sessionId: session!.id,
      sessionTitle: 'Atelier tableaux croisés',
      period: 'morning',
      startsAt: start,
      endsAt: new Date(start.getTime() + 3 * 3600_000),
    })
    .returning();
  await db()
    .insert(attendanceRecords)
    .values({ organizationId, slotId: slot!.id, studentId: studentA1.id, status: 'attended' });
  await db()
    .insert(certifiedSignatures)
    .values({
      organizationId,
      userId: studentA1.id,
      formationId: course!.id,
      signatureType: 'formation_completion',
      signatureStatus: 'signed',
      signatureImage: PNG_BASE64,
      contentHash: 'a'.repeat(64),
      signedAt: start,
    });
  await db().insert(certificates).values({
    organizationId,
    kind: 'completion',
    code: 'CERT-PRIVACY-1',
    studentId: studentA1.id,
    courseId: course!.id,
    studentName: 'Léa Martin',
    courseTitle: 'Excel avancé',
    organizationName: 'Organisme A',
    trackedSeconds: 3600,
    fileId: attachment.id,
  });
  await db().insert(studentQuestions).values({
    organizationId,
    studentId: studentA1.id,
    subject: 'Macro',
    message: 'Comment enregistrer une macro ?',
  });
}

// Two organisations, seven accounts and the learner's records: slow on a busy machine's PGlite.
beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => new Date(clock) });
  await seedLearnerData();
}, 180_000);

afterAll(async () => {
  await world?.close();
});

describe(`personal data export on ${ENGINE} (issue 19 point 3)`, () => {
  it("gives a learner a zip of their records from every module and their files, and nothing of another learner's", async () => {
    const { entries, data } = await exportOf('studentA1');
    expect(data.userId).toBe(world.users.studentA1.id);
    expect(data.profile[0].email).toBe('lea@org-a.example');
    expect(data.messages.map((message: { body: string }) => message.body)).toContain(
      'Bonjour, ma question de Léa',
    );
    expect(data.timeSessions).toHaveLength(1);
    expect(data.attendance[0]).toMatchObject({
      sessionTitle: 'Atelier tableaux croisés',
      status: 'attended',
    });
    expect(data.certificates[0]).toMatchObject({ studentName: 'Léa Martin', code: 'CERT-PRIVACY-1' });
    expect(data.questions[0].subject).toBe('Macro');
    expect(data.signIns.length).toBeGreaterThan(0);
    expect(data.notifications).toEqual(expect.any(Array));
    // The drawn signature and the stored files travel as files.
    const signature = data.certifiedSignatures[0];
    expect(entries.get(signature.signatureImage)?.subarray(1, 4).toString()).toBe('PNG');
    expect(entries.get(`files/messages/${attachment.id}-bulletin.pdf`)?.equals(PDF)).toBe(true);
    expect(entries.get(`files/certificates/${attachment.id}-bulletin.pdf`)?.equals(PDF)).toBe(true);

    const raw = entries.get('data.json')!.toString('utf8');
    expect(raw).not.toContain('Le secret de Hugo');
    expect(raw).not.toContain(world.users.studentA2.id);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.action, 'privacy.export'));
    expect(events.map((event) => event.targetId)).toContain(world.users.studentA1.id);
  });

  it("holds Hugo's export to his own records", async () => {
    const { data } = await exportOf('studentA2');
    const raw = JSON.stringify(data);
    expect(raw).toContain('Le secret de Hugo');
    expect(raw).not.toContain('Léa');
    expect(data.certificates).toEqual([]);
  });

  it('lets trainers download their own too, 3 times an hour', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await exportOf('trainerB');
    const refused = await world.call('trainerB', 'GET', '/api/privacy/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect((await world.call(null, 'GET', '/api/privacy/export')).statusCode).toBe(401);
  });
});

describe(`the organisation's retention period on ${ENGINE}`, () => {
  it('defaults to 6 years, takes only the presets, and is the organisation staff’s alone', async () => {
    expect(
      expectStatus<RetentionSettings>(await world.call('trainerA', 'GET', '/api/privacy/retention'), 200),
    ).toEqual({
      retentionYears: DEFAULT_RETENTION_YEARS,
      isCustom: false,
    });
    const bad = await world.call('trainerA', 'PUT', '/api/privacy/retention', { retentionYears: 4 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('retentionYears');
    expect(
      (await world.call('studentA1', 'PUT', '/api/privacy/retention', { retentionYears: 3 })).statusCode,
    ).toBe(403);
    expectStatus(await world.call('trainerB', 'PUT', '/api/privacy/retention', { retentionYears: 10 }), 200);
    // B's choice leaves A's default alone.
    expect(
      expectStatus<RetentionSettings>(await world.call('trainerA', 'GET', '/api/privacy/retention'), 200)
        .retentionYears,
    ).toBe(6);
    expectStatus(await world.call('trainerA', 'PUT', '/api/privacy/retention', { retentionYears: 3 }), 200);
    expect(
      expectStatus<RetentionSettings>(await world.call('trainerA', 'GET', '/api/privacy/retention'), 200),
    ).toEqual({
      retentionYears: 3,
      isCustom: true,
    });
  });
});

describe(`erasing a learner on ${ENGINE}`, () => {
  const erasureUrl = () => `/api/privacy/students/${world.users.studentA1.id}/erasure`;

  it("answers 404 to another organisation's trainer and 403 to a learner", async () => {
    const foreign = await world.call('trainerB', 'POST', erasureUrl());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('USER_NOT_FOUND');
    expect((await world.call('studentA2', 'POST', erasureUrl())).statusCode).toBe(403);
    // The confirmation's preview is kept to the same people.
    expect((await world.call('trainerB', 'GET', erasureUrl())).statusCode).toBe(404);
    expect((await world.call('studentA2', 'GET', erasureUrl())).statusCode).toBe(403);
    expect((await world.call('trainerA', 'POST', '/api/privacy/students/%00/erasure')).statusCode).toBe(400);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, world.users.studentA1.id));
    expect(profile!.email).toBe('lea@org-a.example');
  });

  it('pseudonymises the learner, ends their account, deletes their free content and keeps the evidence', async () => {
    const studentId = world.users.studentA1.id;
    // What the confirmation says: the organisation's period, the date the erasure then keeps.
    const preview = expectStatus<ErasurePreview>(await world.call('trainerA', 'GET', erasureUrl()), 200);
    const erasure = expectStatus<Erasure>(await world.call('trainerA', 'POST', erasureUrl()), 200);
    expect(preview).toEqual({ retentionYears: erasure.retentionYears, retainedUntil: erasure.retainedUntil });
    expect(erasure.label).toBe(`Apprenant supprimé ${studentId.slice(0, 8)}`);
    expect(erasure.retentionYears).toBe(3);
    expect(erasure.retainedUntil).toBe('2029-03-02T09:00:00.000Z');

    const [profile] = await db().select().from(profiles).where(eq(profiles.id, studentId));
    expect(profile).toMatchObject({ fullName: erasure.label, lastName: '' });
    expect(profile!.email).not.toContain('lea');
    const [account] = await db().select().from(authUsers).where(eq(authUsers.id, studentId));
    expect(account!.email).toMatch(/@erased\.invalid$/);
    expect(account!.name).toBe(erasure.label);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, studentId))).toEqual([]);
    // Signed out everywhere, and the password is gone.
    const session = await world.call('studentA1', 'GET', '/api/auth/session');
    expect(session.json().user ?? null).toBeNull();
    expect((await signIn(world.testApp.app, 'lea@org-a.example')).statusCode).not.toBe(200);

    expect(await db().select().from(conversations).where(eq(conversations.studentId, studentId))).toEqual([]);
    expect(
      await db().select().from(studentQuestions).where(eq(studentQuestions.studentId, studentId)),
    ).toEqual([]);
    expect(await db().select().from(signInLogs).where(eq(signInLogs.userId, studentId))).toEqual([]);

    // Kept: attendance, certificates and the time ledger, without the name or address.
    expect(
      await db().select().from(attendanceRecords).where(eq(attendanceRecords.studentId, studentId)),
    ).toHaveLength(1);
    expect(
      await db().select().from(userTimeTracking).where(eq(userTimeTracking.userId, studentId)),
    ).toHaveLength(1);
    const [certificate] = await db().select().from(certificates).where(eq(certificates.studentId, studentId));
    expect(certificate!.studentName).toBe(erasure.label);
    const kept = JSON.stringify(certificate);
    expect(kept).not.toContain('Léa');
    expect(kept).not.toContain('lea@org-a.example');

    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'privacy.erasure'));
    expect(event).toMatchObject({ targetId: studentId, organizationId: world.users.trainerA.organizationId });
    expect(JSON.stringify(event)).not.toContain('lea@org-a.example');
    // Erasing again answers the first erasure.
    expect(expectStatus<Erasure>(await world.call('trainerA', 'POST', erasureUrl()), 200)).toEqual(erasure);
  });

  it("lets a platform admin erase any organisation's learner, kept for that organisation's period", async () => {
    const { id: studentId, organizationId } = world.users.studentB;
    const period = expectStatus<RetentionSettings>(
      await world.call('trainerB', 'GET', '/api/privacy/retention'),
      200,
    );
    const url = `/api/privacy/students/${studentId}/erasure`;
    const preview = expectStatus<ErasurePreview>(await world.call('admin', 'GET', url), 200);
    expect(preview.retentionYears).toBe(period.retentionYears);
    const erasure = expectStatus<Erasure>(await world.call('admin', 'POST', url), 200);
    expect(erasure.retentionYears).toBe(period.retentionYears);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, studentId));
    expect(profile!.fullName).toBe(erasure.label);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.action, 'privacy.erasure'));
    expect(events.find((event) => event.targetId === studentId)).toMatchObject({
      actorId: world.users.admin.id,
      organizationId,
    });
  });

  it('keeps the evidence until the end of the period, then the daily job purges it', async () => {
    const studentId = world.users.studentA1.id;
    const run = (at: number) => world.testApp.modules.privacy.service.purgeExpired(new Date(at));
    await run(Date.parse('2029-03-02T08:00:00Z'));
    expect(
      await db().select().from(attendanceRecords).where(eq(attendanceRecords.studentId, studentId)),
    ).toHaveLength(1);

    clock = Date.parse('2029-03-02T09:30:00Z');
    await world.testApp.scheduler.tick();
    expect(
      await db().select().from(attendanceRecords).where(eq(attendanceRecords.studentId, studentId)),
    ).toEqual([]);
    expect(await db().select().from(userTimeTracking).where(eq(userTimeTracking.userId, studentId))).toEqual(
      [],
    );
    expect(await db().select().from(certificates).where(eq(certificates.studentId, studentId))).toEqual([]);
    expect(
      await db().select().from(certifiedSignatures).where(eq(certifiedSignatures.userId, studentId)),
    ).toEqual([]);
    expect(await db().select().from(authUsers).where(eq(authUsers.id, studentId))).toEqual([]);
    // Hugo is untouched.
    expect(await db().select().from(profiles).where(eq(profiles.id, world.users.studentA2.id))).toHaveLength(
      1,
    );
  });
});

describe(`logs past their periods on ${ENGINE}`, () => {
  it('purges sign-in logs after a year, server logs after 90 days and 404s after 30, and keeps younger ones', async () => {
    const at = Date.parse('2030-01-15T03:00:00Z');
    const daysAgo = (days: number) => new Date(at - days * DAY_MS);
    const userId = world.users.studentB.id;
    await db()
      .insert(signInLogs)
      .values([
        { userId, ipAddress: 'old', createdAt: daysAgo(SIGN_IN_LOG_RETENTION_DAYS + 1) },
        { userId, ipAddress: 'recent', createdAt: daysAgo(SIGN_IN_LOG_RETENTION_DAYS - 1) },
      ]);
    await db()
      .insert(systemLogs)
      .values([
        { message: 'old error', createdAt: daysAgo(SYSTEM_LOG_RETENTION_DAYS + 1) },
        { message: 'recent error', createdAt: daysAgo(SYSTEM_LOG_RETENTION_DAYS - 1) },
      ]);
    await db()
      .insert(notFoundErrors)
      .values([
        { path: '/old', timestamp: daysAgo(NOT_FOUND_RETENTION_DAYS + 1) },
        { path: '/recent', timestamp: daysAgo(NOT_FOUND_RETENTION_DAYS - 1) },
      ]);
    await world.testApp.modules.privacy.service.purgeExpired(new Date(at));
    const ips = (await db().select().from(signInLogs).where(eq(signInLogs.userId, userId))).map(
      (row) => row.ipAddress,
    );
    expect(ips).toContain('recent');
    expect(ips).not.toContain('old');
    const messages = (await db().select().from(systemLogs)).map((row) => row.message);
    expect(messages).toContain('recent error');
    expect(messages).not.toContain('old error');
    const paths = (await db().select().from(notFoundErrors)).map((row) => row.path);
    expect(paths).toEqual(['/recent']);
  });
});
