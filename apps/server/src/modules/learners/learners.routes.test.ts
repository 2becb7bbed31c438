import type { ImportPreview, ImportResult, LearnerList, LearnerRecord } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../../../test/courses-world.ts';
import {
  cookieHeader,
  createConfirmedUser,
  createTestApp,
  ORIGIN,
  signIn,
  type TestApp,
} from '../../../test/helper.ts';
import { courseEnrollments, courses } from '../courses/courses.tables.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { userTimeTracking } from '../time-tracking/time-tracking.tables.ts';
import { learnerRecords } from './learners.tables.ts';

let testApp: TestApp;
const logLines: string[] = [];
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let organizationA = '';
let courseA = '';

function call(person: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...ORIGIN, ...(person ? { cookie: cookies[person] } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const base64 = (content: string | Buffer) => Buffer.from(content).toString('base64');

function preview(file: string | Buffer) {
  return call('trainerA', 'POST', '/api/learners/import/preview', { file: base64(file) });
}

beforeAll(async () => {
  testApp = await createTestApp({
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  const session = async (cookie: string) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user;
  for (const [person, organizationName] of [
    ['trainerA', 'Organisme A'],
    ['trainerB', 'Organisme B'],
  ] as const) {
    cookies[person] = await createConfirmedUser(testApp, {
      email: `${person.toLowerCase()}@example.org`,
      role: 'trainer',
      organizationName,
    });
    ids[person] = (await session(cookies[person]!)).id;
  }
  for (const [person, firstName, lastName, trainer] of [
    ['lea', 'Léa', 'Martin', 'trainerA'],
    ['hugo', 'Hugo', 'Bernard', 'trainerA'],
    ['ines', 'Inès', 'Richard', 'trainerB'],
  ] as const) {
    await createConfirmedUser(testApp, { email: `${person.toLowerCase()}@example.org`, firstName, lastName });
    await call(trainer, 'POST', '/api/organizations/assign-student', {
      email: `${person.toLowerCase()}@example.org`,
    });
    cookies[person] = cookieHeader(await signIn(testApp.app, `${person.toLowerCase()}@example.org`));
    const user = await session(cookies[person]!);
    ids[person] = user.id;
    organizationA = trainer === 'trainerA' ? user.organizationId : organizationA;
  }
  const [course] = await testApp.database.db
    .insert(courses)
    .values({ organizationId: organizationA, title: 'Bureautique', createdBy: ids.trainerA })
    .returning({ id: courses.id });
  courseA = course!.id;
  await testApp.database.db
    .insert(courseEnrollments)
    .values({ organizationId: organizationA, courseId: courseA, studentId: ids.lea!, progress: 40 });
  const start = new Date(Date.now() - 60 * 60 * 1000);
  await testApp.database.db.insert(userTimeTracking).values({
    organizationId: organizationA,
    userId: ids.lea!,
    courseId: courseA,
    sessionStart: start,
    sessionEnd: new Date(start.getTime() + 1800 * 1000),
    durationSeconds: 1800,
    lastActivityAt: new Date(start.getTime() + 1800 * 1000),
  });
}, 120_000);

afterAll(() => testApp.close());

describe('the learner list', () => {
  it('lists the organisation’s learners with their formations, progress and week, filtered and paged', async () => {
    const all = expectStatus<LearnerList>(await call('trainerA', 'GET', '/api/learners'), 200);
    expect(all.items.map((row) => row.fullName)).toEqual(['Hugo Bernard', 'Léa Martin']);
    const lea = all.items.find((row) => row.id === ids.lea)!;
    expect(lea).toMatchObject({
      courses: [{ id: courseA, title: 'Bureautique', progress: 40 }],
      progress: 40,
      weekSeconds: expect.any(Number),
      status: 'active',
    });
    expect(all.items.find((row) => row.id === ids.hugo)).toMatchObject({ progress: null, courses: [] });

    const search = await call('trainerA', 'GET', '/api/learners?search=MARTIN');
    expect(expectStatus<LearnerList>(search, 200).items.map((row) => row.id)).toEqual([ids.lea]);
    const byCourse = await call('trainerA', 'GET', `/api/learners?courseId=${courseA}`);
    expect(expectStatus<LearnerList>(byCourse, 200).total).toBe(1);
    const inProgress = await call('trainerA', 'GET', '/api/learners?progress=in_progress');
    expect(expectStatus<LearnerList>(inProgress, 200).items.map((row) => row.id)).toEqual([ids.lea]);
    const none = await call('trainerA', 'GET', '/api/learners?progress=none');
    expect(expectStatus<LearnerList>(none, 200).items.map((row) => row.id)).toEqual([ids.hugo]);
    const paged = await call('trainerA', 'GET', '/api/learners?pageSize=1&page=2&sort=progress&order=desc');
    const page = expectStatus<LearnerList>(paged, 200);
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    // By progress, descending, nulls last: Léa (40) then Hugo (none).
    expect(page.items[0]!.id).toBe(ids.hugo);

    expect((await call('trainerA', 'GET', '/api/learners?status=asleep')).statusCode).toBe(400);
    expect((await call('lea', 'GET', '/api/learners')).statusCode).toBe(403);
    const other = expectStatus<LearnerList>(await call('trainerB', 'GET', '/api/learners'), 200);
    expect(other.items.map((row) => row.id)).toEqual([ids.ines]);
  });
});

describe('invitations', () => {
  it('creates the account in the organisation, enrols it and mails a link to choose a password', async () => {
    const response = await call('trainerA', 'POST', '/api/learners/invitations', {
      email: 'Nina.Fabre@Example.org',
      firstName: 'Nina',
      lastName: 'Fabre',
      language: 'en',
      courseIds: [courseA],
    });
    const invited = expectStatus<{ id: string; email: string }>(response, 200);
    expect(invited.email).toBe('nina.fabre@example.org');
    const [mail] = await testApp.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'nina.fabre@example.org'));
    expect(mail?.subject).toContain('Your access to your training');
    const link = /\/reset-password\?token=([\w%-]+)/.exec(mail!.text)!;
    const list = expectStatus<LearnerList>(await call('trainerA', 'GET', `/api/learners?search=nina`), 200);
    expect(list.items[0]).toMatchObject({ status: 'never_signed_in', courses: [{ id: courseA }] });

    // The link sets the password and proves the address: the invitee signs in at once.
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: {
        token: decodeURIComponent(link[1]!),
        password: 'Nouveau-Depart-77',
        confirmPassword: 'Nouveau-Depart-77',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(testApp.app, 'nina.fabre@example.org', 'Nouveau-Depart-77')).statusCode).toBe(200);

    const again = await call('trainerA', 'POST', '/api/learners/invitations', {
      email: 'nina.fabre@example.org',
      firstName: 'Nina',
      lastName: 'Fabre',
    });
    expect(again.statusCode).toBe(409);
    const foreignCourse = await call('trainerB', 'POST', '/api/learners/invitations', {
      email: 'x@example.org',
      firstName: 'X',
      lastName: 'Y',
      courseIds: ['not-a-uuid'],
    });
    expect(foreignCourse.statusCode).toBe(400);
  });
});

describe('the CSV import', () => {
  it('reads French Excel files: Windows-1252 accents, semicolons, quoted line breaks, bad rows', async () => {
    const file = iconv.encode(
      [
        'Nom;Prénom;Email;Téléphone',
        'Müller;Hélène;helene.muller@example.org;06 12 34 56 78',
        '"Dupont\r\nde la Tour";"Jean\r\nPierre";jp@example.org;',
        ';Sans;nom@example.org;',
        'Noël;Zoé;pas-un-email;',
        'Autre;Hélène;HELENE.MULLER@example.org;',
        'Martin;Léa;lea@example.org;',
        'Richard;Inès;ines@example.org;',
      ].join('\r\n'),
      'windows-1252',
    );
    const result = expectStatus<ImportPreview>(await preview(file), 200);
    expect(result).toMatchObject({ encoding: 'windows-1252', separator: ';' });
    expect(result.rows.map((row) => [row.line, row.state, row.reason])).toEqual([
      [2, 'pending', null],
      [3, 'pending', null],
      [4, 'failed', 'missing_name'],
      [5, 'failed', 'invalid_email'],
      [6, 'failed', 'duplicate_in_file'],
      [7, 'failed', 'already_member'],
      [8, 'failed', 'email_taken'],
    ]);
    expect(result.rows[0]).toMatchObject({
      lastName: 'Müller',
      firstName: 'Hélène',
      phone: '06 12 34 56 78',
    });
    expect(result.rows[1]).toMatchObject({ lastName: 'Dupont de la Tour', firstName: 'Jean Pierre' });
  });

  it('reads UTF-8 with a BOM and commas, and refuses a file without the required columns', async () => {
    const utf8 = expectStatus<ImportPreview>(
      await preview(`\uFEFFname,firstname,email\r\nMüller,Hélène,h2@example.org\r\n`),
      200,
    );
    expect(utf8).toMatchObject({ encoding: 'utf-8', separator: ',' });
    expect(utf8.rows[0]).toMatchObject({ lastName: 'Müller', firstName: 'Hélène', state: 'pending' });
    const missing = await preview('nom;email\r\nMüller;h@example.org\r\n');
    expect(expectStatus(missing, 400).error.code).toBe('CSV_MISSING_COLUMNS');
    expect(
      (await call('lea', 'POST', '/api/learners/import/preview', { file: base64('a') })).statusCode,
    ).toBe(403);
  });

  it('imports 5,000 rows in batches, checking each row again on the server', async () => {
    const lines = ['nom;prénom;email;téléphone'];
    for (let index = 0; index < 5000; index += 1)
      lines.push(`Nom${index};Prénom${index};bulk${index}@example.org;`);
    const checked = expectStatus<ImportPreview>(await preview(lines.join('\n')), 200);
    expect(checked.rows.filter((row) => row.state === 'pending')).toHaveLength(5000);
    const rows = checked.rows.map(({ line, lastName, firstName, email, phone }) => ({
      line,
      lastName,
      firstName,
      email,
      phone,
    }));
    // A row altered after the preview is judged again: the server's verdict counts.
    rows[0] = { ...rows[0]!, email: 'not-an-address' };
    let imported = 0;
    const failed: ImportResult['rows'] = [];
    for (let offset = 0; offset < rows.length; offset += 500) {
      const batch = await call('trainerA', 'POST', '/api/learners/import', {
        rows: rows.slice(offset, offset + 500),
        courseIds: offset === 0 ? [courseA] : [],
      });
      const result = expectStatus<ImportResult>(batch, 200);
      imported += result.rows.filter((row) => row.state === 'imported').length;
      failed.push(...result.rows.filter((row) => row.state === 'failed'));
    }
    expect(imported).toBe(4999);
    expect(failed).toEqual([{ line: 2, state: 'failed', reason: 'invalid_email', id: null }]);
    const again = await call('trainerA', 'POST', '/api/learners/import', { rows: rows.slice(1, 3) });
    expect(expectStatus<ImportResult>(again, 200).rows.map((row) => row.reason)).toEqual([
      'already_member',
      'already_member',
    ]);
    const enrolled = await testApp.database.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.courseId, courseA));
    expect(enrolled).toHaveLength(2 + 499);
  }, 120_000);
});

describe('the learner record and administrative info', () => {
  it('composes the learner’s formations and time, and hides another organisation’s learner', async () => {
    const record = expectStatus<LearnerRecord>(
      await call('trainerA', 'GET', `/api/learners/${ids.lea}`),
      200,
    );
    expect(record.identity).toMatchObject({ fullName: 'Léa Martin', emailVerified: true, status: 'active' });
    expect(record.enrollments).toEqual([
      // Progress is recomputed from completions when others were enrolled (none here).
      expect.objectContaining({ courseId: courseA, title: 'Bureautique', trackedSeconds: 1800 }),
    ]);
    expect(record.time.totalSeconds).toBeGreaterThanOrEqual(0);
    expect((await call('trainerB', 'GET', `/api/learners/${ids.lea}`)).statusCode).toBe(404);
    expect((await call('trainerA', 'GET', `/api/learners/${ids.trainerB}`)).statusCode).toBe(404);
  });

  it('stores the social security number only when collected, encrypted, masked, never logged', async () => {
    const nir = '1 85 05 78 006 084 91';
    const body = {
      address: '12 rue de la République',
      city: 'Lyon',
      postalCode: '69002',
      country: 'France',
      birthDate: '1985-05-14',
      birthPlace: 'Lyon',
      socialSecurityNumber: nir,
      professionalStatus: 'employed',
      employer: 'Atelier Lumière',
    };
    const refused = await call('trainerA', 'PUT', `/api/learners/${ids.lea}/administrative`, body);
    expect(expectStatus(refused, 409).error.code).toBe('SSN_NOT_COLLECTED');
    const invalid = await call('trainerA', 'PUT', `/api/learners/${ids.lea}/administrative`, {
      ...body,
      socialSecurityNumber: '1 85 05 78 006 084 92',
    });
    expect(expectStatus(invalid, 400).error.details.fields[0].path).toBe('socialSecurityNumber');
    const settings = await call('trainerA', 'PUT', '/api/learners/settings', {
      collectsSocialSecurityNumber: true,
    });
    expect(expectStatus(settings, 200)).toEqual({ collectsSocialSecurityNumber: true });
    expect((await call('trainerB', 'GET', '/api/learners/settings')).json()).toEqual({
      collectsSocialSecurityNumber: false,
    });

    logLines.length = 0;
    const saved = await call('trainerA', 'PUT', `/api/learners/${ids.lea}/administrative`, body);
    expect(expectStatus(saved, 200)).toMatchObject({
      socialSecurityNumberMasked: '1 85 05 •• ••• ••• 91',
      city: 'Lyon',
      professionalStatus: 'employed',
    });
    const digits = nir.replace(/\s/g, '');
    const record = await call('trainerA', 'GET', `/api/learners/${ids.lea}`);
    const mine = await call('lea', 'GET', '/api/learners/me/administrative');
    expect(expectStatus(mine, 200).socialSecurityNumberMasked).toBe('1 85 05 •• ••• ••• 91');
    for (const text of [logLines.join('\n'), record.body, mine.body, saved.body])
      expect(text.replace(/\s/g, '')).not.toContain(digits.slice(0, 13));
    expect(logLines.length).toBeGreaterThan(0);
    const [stored] = await testApp.database.db
      .select()
      .from(learnerRecords)
      .where(eq(learnerRecords.studentId, ids.lea!));
    expect(stored?.socialSecurityNumber).toMatch(/^v1\./);
    expect(stored?.socialSecurityNumber).not.toContain(digits.slice(0, 13));

    // Another organisation's trainer can neither read nor write it.
    expect((await call('trainerB', 'PUT', `/api/learners/${ids.lea}/administrative`, body)).statusCode).toBe(
      404,
    );
    // Collection switched off erases the numbers kept.
    await call('trainerA', 'PUT', '/api/learners/settings', { collectsSocialSecurityNumber: false });
    const after = expectStatus<LearnerRecord>(await call('trainerA', 'GET', `/api/learners/${ids.lea}`), 200);
    expect(after.administrative).toMatchObject({ socialSecurityNumberMasked: null, city: 'Lyon' });
  });
});
