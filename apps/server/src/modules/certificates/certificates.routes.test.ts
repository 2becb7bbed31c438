import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  AttendanceSheet,
  Certificate,
  CertificateCandidates,
  CertificateList,
  CertificateListMine,
  CertificateVerification,
} from '@cursus/contracts';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { APP_URL } from '../../../test/helper.ts';
import { courseEnrollments } from '../courses/courses.tables.ts';
import { learnerRecords } from '../learners/learners.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { organizations, profiles } from '../organizations/organizations.tables.ts';
import { userTimeTracking } from '../time-tracking/time-tracking.tables.ts';
import { certificates } from './certificates.tables.ts';

let world: CoursesWorld;
let dataDir: string;
let courseId: string;
let otherCourseId: string;
let learnerName: string;

/** pdf.js reads the standard fonts' metrics from its own package in Node. */
const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
const HOUR = 3_600_000;
const FIRST = new Date('2026-10-05T07:30:00Z');
const LAST_END = new Date('2026-10-20T15:00:00Z');

async function track(userId: string, course: string | null, start: Date, seconds: number) {
  const { organizationId } = world.users.studentA1;
  await world.testApp.database.db.insert(userTimeTracking).values({
    organizationId: organizationId!,
    userId,
    courseId: course,
    sessionStart: start,
    sessionEnd: new Date(start.getTime() + seconds * 1000),
    durationSeconds: seconds,
    lastActivityAt: new Date(start.getTime() + seconds * 1000),
  });
}

function issue(person: Person, body: object) {
  return world.call(person, 'POST', '/api/trainer/certificates', body);
}

async function pdfText(person: Person, fileUrl: string): Promise<string> {
  const response = await world.testApp.app.inject({
    method: 'GET',
    url: fileUrl,
    headers: { cookie: world.users[person].cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const document = await getDocument({
    data: new Uint8Array(response.rawPayload),
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  expect(document.numPages).toBe(1);
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  await document.destroy();
  return text.replace(/\s+/g, ' ');
}

function verify(code: string, ip = '203.0.113.7') {
  return world.testApp.app.inject({
    method: 'GET',
    url: `/api/certificates/verify/${code}`,
    remoteAddress: ip,
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-certificates-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir });
  const call = world.call;
  courseId = expectStatus(
    await call('trainerA', 'POST', '/api/courses', { title: 'Excel : les bases' }),
    200,
  ).id;
  otherCourseId = expectStatus(await call('trainerA', 'POST', '/api/courses', { title: 'Word' }), 200).id;
  for (const id of [courseId, otherCourseId])
    expectStatus(
      await call('trainerA', 'POST', `/api/courses/${id}/enrollments`, {
        studentIds: [world.users.studentA1.id, world.users.studentA2.id],
      }),
      200,
    );
  const { studentA1 } = world.users;
  // 1 h + 30 min on the formation; time on another formation and on none is not counted.
  await track(studentA1.id, courseId, FIRST, 3600);
  await track(studentA1.id, courseId, new Date(LAST_END.getTime() - 1800_000), 1800);
  await track(studentA1.id, otherCourseId, new Date(FIRST.getTime() + 2 * HOUR), 7200);
  await track(studentA1.id, null, new Date(FIRST.getTime() + 5 * HOUR), 900);
  await world.testApp.database.db
    .update(courseEnrollments)
    .set({ progress: 100 })
    .where(eq(courseEnrollments.studentId, studentA1.id));
  const [profile] = await world.testApp.database.db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, studentA1.id));
  learnerName = profile!.fullName;
  // The provider's legal info, as the organisation filled it on /trainer/legal-info.
  await world.testApp.database.db
    .update(organizations)
    .set({
      siret: '85237964300012',
      activityDeclarationNumber: '84691234569',
      addressLine: '12 rue de la République',
      postalCode: '69002',
      city: 'Lyon',
      country: 'France',
    })
    .where(eq(organizations.id, world.users.trainerA.organizationId!));
  // The learner's employer, as staff filled it in their administrative info.
  await world.testApp.database.db.insert(learnerRecords).values({
    organizationId: world.users.trainerA.organizationId!,
    studentId: world.users.studentA1.id,
    employer: 'Atelier Lumière SARL',
  });
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('certificates', () => {
  let realisation: Certificate;

  it('lists the formation’s learners with their tracked hours on it', async () => {
    const candidates = expectStatus<CertificateCandidates>(
      await world.call('trainerA', 'GET', `/api/trainer/certificates/candidates?courseId=${courseId}`),
      200,
    );
    const learner = candidates.items.find((item) => item.studentId === world.users.studentA1.id)!;
    expect(learner).toMatchObject({ trackedSeconds: 5400, completed: true, progress: 100 });
    expect(learner.issued).toEqual({ realisation: null, completion: null });
    const other = candidates.items.find((item) => item.studentId === world.users.studentA2.id)!;
    expect(other).toMatchObject({ trackedSeconds: 0, completed: false });
  });

  it('issues a certificat de réalisation with the hours computed from tracked time', async () => {
    realisation = expectStatus<Certificate>(
      await issue('trainerA', { courseId, studentId: world.users.studentA1.id, kind: 'realisation' }),
      200,
    );
    expect(realisation).toMatchObject({
      kind: 'realisation',
      status: 'valid',
      trackedSeconds: 5400,
      courseTitle: 'Excel : les bases',
      studentName: learnerName,
      firstActivityAt: FIRST.toISOString(),
      lastActivityAt: LAST_END.toISOString(),
    });
    expect(realisation.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    // The learner is told, in their bell, where to find it.
    const told = await world.testApp.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, world.users.studentA1.id), eq(notifications.type, 'certificate_issued')),
      );
    expect(told.map((row) => [row.actionUrl, row.metadata])).toEqual([
      [
        '/student/documents',
        { certificateId: realisation.id, courseTitle: 'Excel : les bases', kind: 'realisation' },
      ],
    ]);
  });

  it('writes the ministry model’s facts into the PDF', async () => {
    const text = await pdfText('trainerA', realisation.fileUrl);
    expect(text).toContain('CERTIFICAT DE RÉALISATION');
    expect(text).toContain('Article L.6353-1 du Code du travail');
    expect(text).toContain(learnerName);
    expect(text).toContain('Salarié(e) de l’entreprise : Atelier Lumière SARL');
    expect(text).toContain('Excel : les bases');
    expect(text).toContain('action de formation');
    expect(text).toContain('1 h 30 heures');
    expect(text).toContain('5 octobre 2026 au 20 octobre 2026');
    expect(text).toContain('Organisme A');
    expect(text).toContain('Adresse : 12 rue de la République, 69002 Lyon');
    expect(text).toContain('SIRET : 85237964300012');
    expect(text).toContain('N° de déclaration d’activité : 84691234569');
    expect(text).toContain(`Code de vérification : ${realisation.code}`);
  });

  it('keeps the legal info an issued PDF printed, whatever the organisation changes later', async () => {
    await world.testApp.database.db
      .update(organizations)
      .set({ siret: '90173344400011', city: 'Villeurbanne', postalCode: '69100' })
      .where(eq(organizations.id, world.users.trainerA.organizationId!));
    const text = await pdfText('trainerA', realisation.fileUrl);
    expect(text).toContain('SIRET : 85237964300012');
    expect(text).toContain('69002 Lyon');
    expect(text).not.toContain('Villeurbanne');
    expect(text).toContain(`${APP_URL}/certificates/verify/${realisation.code}`);
  });

  it('refuses a second valid certificate of a kind, and an attestation before completion', async () => {
    const again = await issue('trainerA', {
      courseId,
      studentId: world.users.studentA1.id,
      kind: 'realisation',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CERTIFICATE_ALREADY_ISSUED');
    const early = await issue('trainerA', {
      courseId,
      studentId: world.users.studentA2.id,
      kind: 'completion',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('COURSE_NOT_COMPLETED');
    const stranger = await issue('trainerA', {
      courseId,
      studentId: world.users.studentB.id,
      kind: 'realisation',
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('issues the attestation de fin de formation once the formation is completed', async () => {
    const completion = expectStatus<Certificate>(
      await issue('trainerA', { courseId, studentId: world.users.studentA1.id, kind: 'completion' }),
      200,
    );
    const text = await pdfText('studentA1', completion.fileUrl);
    expect(text).toContain('ATTESTATION DE FIN DE FORMATION');
    expect(text).toContain('a suivi et terminé la formation');
    expect(text).toContain(learnerName);
    // Issued after the change, it prints the organisation's details of the day.
    expect(text).toContain('SIRET : 90173344400011');
    expect(text).toContain('12 rue de la République, 69100 Villeurbanne');
  });

  it('answers the public verification with the certificate’s facts', async () => {
    const response = await verify(realisation.code.toLowerCase());
    const verification = expectStatus<CertificateVerification>(response, 200);
    expect(verification).toEqual({
      genuine: true,
      kind: 'realisation',
      studentName: learnerName,
      courseTitle: 'Excel : les bases',
      organizationName: 'Organisme A',
      trackedSeconds: 5400,
      issuedAt: realisation.issuedAt,
    });
    expect(expectStatus(await verify('0000000000000000'), 200)).toEqual({
      genuine: false,
      reason: 'unknown',
    });
    expect((await verify('not-a-code')).statusCode).toBe(400);
  });

  it('rate limits the public verification per IP', async () => {
    let last = 200;
    for (let index = 0; index < 61 && last === 200; index += 1)
      last = (await verify('0000000000000000', '198.51.100.9')).statusCode;
    expect(last).toBe(429);
    expect((await verify('0000000000000000', '198.51.100.10')).statusCode).toBe(200);
  });

  it('shows learners their own certificates only', async () => {
    const mine = expectStatus<CertificateListMine>(
      await world.call('studentA1', 'GET', '/api/certificates'),
      200,
    );
    expect(mine.items.map((item) => item.kind).sort()).toEqual(['completion', 'realisation']);
    const others = expectStatus<CertificateListMine>(
      await world.call('studentA2', 'GET', '/api/certificates'),
      200,
    );
    expect(others.items).toEqual([]);
    const download = await world.testApp.app.inject({
      method: 'GET',
      url: realisation.fileUrl,
      headers: { cookie: world.users.studentA2.cookie },
    });
    expect(download.statusCode).toBe(404);
    expect((await world.call('studentA1', 'GET', '/api/trainer/certificates')).statusCode).toBe(403);
    expect(
      (await issue('studentA1', { courseId, studentId: world.users.studentA1.id, kind: 'realisation' }))
        .statusCode,
    ).toBe(403);
  });

  it('keeps another organisation’s certificates out of reach', async () => {
    const list = expectStatus<CertificateList>(
      await world.call('trainerB', 'GET', '/api/trainer/certificates'),
      200,
    );
    expect(list.total).toBe(0);
    expect(
      (await world.call('trainerB', 'POST', `/api/trainer/certificates/${realisation.id}/revoke`)).statusCode,
    ).toBe(404);
    expect(
      (await world.call('trainerB', 'GET', `/api/trainer/certificates/candidates?courseId=${courseId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await issue('trainerB', { courseId, studentId: world.users.studentA1.id, kind: 'realisation' }))
        .statusCode,
    ).toBe(404);
    const download = await world.testApp.app.inject({
      method: 'GET',
      url: realisation.fileUrl,
      headers: { cookie: world.users.trainerB.cookie },
    });
    expect(download.statusCode).toBe(404);
  });

  it('revokes: the verification says not genuine, and a new one may be issued', async () => {
    const revoked = expectStatus<Certificate>(
      await world.call('trainerA', 'POST', `/api/trainer/certificates/${realisation.id}/revoke`),
      200,
    );
    expect(revoked.status).toBe('revoked');
    expect(expectStatus(await verify(realisation.code), 200)).toEqual({ genuine: false, reason: 'revoked' });
    const filtered = expectStatus<CertificateList>(
      await world.call('trainerA', 'GET', '/api/trainer/certificates?status=revoked'),
      200,
    );
    expect(filtered.items.map((item) => item.id)).toEqual([realisation.id]);
    const reissued = expectStatus<Certificate>(
      await issue('trainerA', { courseId, studentId: world.users.studentA1.id, kind: 'realisation' }),
      200,
    );
    expect(reissued.code).not.toBe(realisation.code);
    const searched = expectStatus<CertificateList>(
      await world.call(
        'trainerA',
        'GET',
        `/api/trainer/certificates?kind=realisation&search=${encodeURIComponent(learnerName.slice(0, 3))}&pageSize=1`,
      ),
      200,
    );
    expect(searched).toMatchObject({ total: 2, pageSize: 1 });
    expect(searched.items[0]!.id).toBe(reissued.id);
  });

  it('keeps every certificate’s PDF from the orphaned files sweep', async () => {
    const rows = await world.testApp.database.db.select({ fileId: certificates.fileId }).from(certificates);
    const inUse = await world.testApp.modules.fileAccess.fileIdsInUse(world.users.trainerA.organizationId!);
    for (const row of rows) expect(inUse.has(row.fileId)).toBe(true);
  });

  it('counts the half-days attended in the formation’s group sessions as hours realised too', async () => {
    const session = expectStatus(
      await world.call('trainerA', 'POST', '/api/trainer/group-sessions', {
        title: 'Atelier en salle',
        courseId,
        meetingDate: '2026-03-10T09:00:00+01:00',
        durationMinutes: 120,
        location: 'Salle A',
        studentIds: [world.users.studentA2.id],
      }),
      200,
    );
    const sheet = expectStatus<AttendanceSheet>(
      await world.call('trainerA', 'GET', `/api/trainer/group-sessions/${session.id}/attendance`),
      200,
    );
    const hoursOfA2 = async () =>
      expectStatus<CertificateCandidates>(
        await world.call('trainerA', 'GET', `/api/trainer/certificates/candidates?courseId=${courseId}`),
        200,
      ).items.find((item) => item.studentId === world.users.studentA2.id)!.trackedSeconds;
    expect(await hoursOfA2()).toBe(0);
    const mark = (status: 'attended' | 'absent') =>
      world.call(
        'trainerA',
        'PUT',
        `/api/trainer/attendance/slots/${sheet.slots[0]!.id}/learners/${world.users.studentA2.id}`,
        { status },
      );
    expectStatus(await mark('attended'), 200);
    expect(await hoursOfA2()).toBe(7200);
    expectStatus(await mark('absent'), 200);
    expect(await hoursOfA2()).toBe(0);
  });
});
