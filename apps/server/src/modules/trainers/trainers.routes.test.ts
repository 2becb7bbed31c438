import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StoredFile, TrainerDetail, TrainerDocument, TrainerList } from '@cursus/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { cookieHeader, ORIGIN, STRONG_PASSWORD, signIn } from '../../../test/helper.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { trainerProfiles } from './trainers.tables.ts';

let world: CoursesWorld;
let dataDir: string;
/** The trainer invited in the first test, signed in once they chose their password. */
let invited: { id: string; cookie: string };

const INVITEE = 'nadia.lefevre@org-a.example';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-trainers-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Someone signed in: a world person, or the invited trainer. */
type Caller = Person | 'invited';

function call(caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  if (caller !== 'invited') return world.call(caller, method, url, payload);
  return world.testApp.app.inject({
    method,
    url,
    headers: { ...ORIGIN, cookie: invited.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function upload(caller: Caller, trainerId: string, purpose: string, file: Buffer, fileName: string) {
  const boundary = '----cursus-trainers';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const cookie = caller === 'invited' ? invited.cookie : world.users[caller].cookie;
  return world.testApp.app.inject({
    method: 'POST',
    url: `/api/trainer/trainers/${trainerId}/files?purpose=${purpose}`,
    headers: { ...ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const detail = async (caller: Caller, trainerId: string) =>
  expectStatus<TrainerDetail>(await call(caller, 'GET', `/api/trainer/trainers/${trainerId}`), 200);

describe('inviting a trainer', () => {
  it('creates the account in the organisation and mails a link that sets the password and proves the address', async () => {
    const response = await call('trainerA', 'POST', '/api/trainer/trainers', {
      email: INVITEE.toUpperCase(),
      firstName: 'Nadia',
      lastName: 'Lefèvre',
      language: 'en',
    });
    const { id } = expectStatus<{ id: string; email: string }>(response, 200);
    const [mail] = await world.testApp.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, INVITEE), eq(emailOutbox.template, 'trainer-invitation')))
      .orderBy(desc(emailOutbox.createdAt));
    expect(mail).toMatchObject({ language: 'en', subject: expect.stringContaining('training team') });
    expect(mail!.text).toContain('Organisme A');
    const link = mail!.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0];
    expect(link).toBeDefined();

    let list = expectStatus<TrainerList>(await call('trainerA', 'GET', '/api/trainer/trainers'), 200);
    expect(list.items.find((item) => item.id === id)).toMatchObject({
      fullName: 'Nadia Lefèvre',
      organizationRole: 'trainer',
      invitationPending: true,
    });

    const token = new URL(link!).searchParams.get('token');
    expectStatus(
      await world.testApp.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: ORIGIN,
        payload: { token, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
      }),
      200,
    );
    const signedIn = await signIn(world.testApp.app, INVITEE);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      role: 'trainer',
      organizationId: world.users.trainerA.organizationId,
    });
    invited = { id, cookie: cookieHeader(signedIn) };
    list = expectStatus<TrainerList>(await call('trainerA', 'GET', `/api/trainer/trainers?search=lef`), 200);
    expect(list.items).toEqual([expect.objectContaining({ id, invitationPending: false })]);
  });

  it('refuses a known address, a bad one (naming the field), a plain trainer and a learner', async () => {
    const known = await call('trainerA', 'POST', '/api/trainer/trainers', {
      email: INVITEE,
      firstName: 'Nadia',
      lastName: 'Bis',
    });
    expect(known.statusCode).toBe(409);
    expect(known.json().error.code).toBe('ACCOUNT_EXISTS');
    const bad = await call('trainerA', 'POST', '/api/trainer/trainers', {
      email: 'pas-une-adresse',
      firstName: 'X',
      lastName: 'Y',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].path).toBe('email');
    const plain = await call('invited', 'POST', '/api/trainer/trainers', {
      email: 'autre@org-a.example',
      firstName: 'Paul',
      lastName: 'Roux',
    });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.code).toBe('MANAGER_ONLY');
    expect((await call('studentA1', 'GET', '/api/trainer/trainers')).statusCode).toBe(403);
    // A new link only for someone who has not arrived yet.
    const resend = await call('trainerA', 'POST', `/api/trainer/trainers/${invited.id}/invitation`);
    expect(resend.statusCode).toBe(409);
  });
});

describe('roles within the organisation', () => {
  it('makes the organisation’s creator its manager and tells each caller what they may do', async () => {
    const list = expectStatus<TrainerList>(await call('trainerA', 'GET', '/api/trainer/trainers'), 200);
    expect(list.viewer).toMatchObject({ organizationRole: 'manager', canManage: true });
    expect(list.items.find((item) => item.id === world.users.trainerA.id)?.organizationRole).toBe('manager');
    const theirs = expectStatus<TrainerList>(await call('invited', 'GET', '/api/trainer/trainers'), 200);
    expect(theirs.viewer).toMatchObject({ organizationRole: 'trainer', canManage: false });
  });

  it('keeps at least one manager, and lets only managers change roles', async () => {
    const trainerA = world.users.trainerA.id;
    const demoteSelf = await call('trainerA', 'PUT', `/api/trainer/trainers/${trainerA}/role`, {
      organizationRole: 'trainer',
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().error.code).toBe('LAST_MANAGER');
    const byPlain = await call('invited', 'PUT', `/api/trainer/trainers/${invited.id}/role`, {
      organizationRole: 'manager',
    });
    expect(byPlain.json().error.code).toBe('MANAGER_ONLY');

    const promoted = await call('trainerA', 'PUT', `/api/trainer/trainers/${invited.id}/role`, {
      organizationRole: 'manager',
    });
    expect(expectStatus<TrainerDetail>(promoted, 200).organizationRole).toBe('manager');
    // Two managers: one may step down, then the other is the last again.
    expectStatus(
      await call('invited', 'PUT', `/api/trainer/trainers/${trainerA}/role`, { organizationRole: 'trainer' }),
      200,
    );
    const last = await call('invited', 'PUT', `/api/trainer/trainers/${invited.id}/role`, {
      organizationRole: 'trainer',
    });
    expect(last.json().error.code).toBe('LAST_MANAGER');
    // Back as at the start, and user_roles (the platform role) untouched throughout.
    expectStatus(
      await call('invited', 'PUT', `/api/trainer/trainers/${trainerA}/role`, { organizationRole: 'manager' }),
      200,
    );
    expectStatus(
      await call('trainerA', 'PUT', `/api/trainer/trainers/${invited.id}/role`, {
        organizationRole: 'trainer',
      }),
      200,
    );
    const session = await call('invited', 'GET', '/api/auth/session');
    expect(session.json().user.role).toBe('trainer');
  });

  it('keeps another organisation’s trainers and learners out of reach', async () => {
    const other = await call('trainerB', 'GET', `/api/trainer/trainers/${world.users.trainerA.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('TRAINER_NOT_FOUND');
    expect(
      (await call('trainerA', 'GET', `/api/trainer/trainers/${world.users.studentA1.id}`)).statusCode,
    ).toBe(404);
    const listB = expectStatus<TrainerList>(await call('trainerB', 'GET', '/api/trainer/trainers'), 200);
    expect(listB.items.map((item) => item.id)).toEqual([world.users.trainerB.id]);
    const role = await call('trainerB', 'PUT', `/api/trainer/trainers/${invited.id}/role`, {
      organizationRole: 'manager',
    });
    expect(role.statusCode).toBe(404);
    const rows = await world.testApp.database.db
      .select()
      .from(trainerProfiles)
      .where(eq(trainerProfiles.userId, invited.id));
    expect(rows).toEqual([expect.objectContaining({ organizationRole: 'trainer' })]);
  });
});

describe('a trainer’s record', () => {
  it('lets a trainer edit their own profile, not a colleague’s', async () => {
    const own = await call('invited', 'PUT', `/api/trainer/trainers/${invited.id}/profile`, {
      bio: '  Formatrice en comptabilité.  ',
      specialities: ['Comptabilité', 'comptabilité', 'Paie'],
    });
    expect(expectStatus<TrainerDetail>(own, 200)).toMatchObject({
      bio: 'Formatrice en comptabilité.',
      specialities: ['Comptabilité', 'Paie'],
      canEdit: true,
      canManage: false,
    });
    const colleague = await call(
      'invited',
      'PUT',
      `/api/trainer/trainers/${world.users.trainerA.id}/profile`,
      {
        bio: 'Modifié',
        specialities: [],
      },
    );
    expect(colleague.json().error.code).toBe('MANAGER_ONLY');
    expect((await detail('invited', world.users.trainerA.id)).canEdit).toBe(false);
    const byManager = await call('trainerA', 'PUT', `/api/trainer/trainers/${invited.id}/profile`, {
      bio: 'Formatrice en comptabilité et paie.',
      specialities: ['Paie'],
    });
    expect(expectStatus<TrainerDetail>(byManager, 200).bio).toBe('Formatrice en comptabilité et paie.');
  });

  it('lists the formations they created or were assigned, and refuses another organisation’s', async () => {
    const course = expectStatus(
      await call('trainerA', 'POST', '/api/courses', { title: 'Paie et DSN' }),
      200,
    );
    const otherCourse = expectStatus(
      await call('trainerB', 'POST', '/api/courses', { title: 'Formation B' }),
      200,
    );
    const refused = await call('trainerA', 'PUT', `/api/trainer/trainers/${invited.id}/courses`, {
      courseIds: [course.id, otherCourse.id],
    });
    expect(refused.json().error.code).toBe('TRAINING_NOT_FOUND');
    expect(
      (await call('invited', 'PUT', `/api/trainer/trainers/${invited.id}/courses`, { courseIds: [] }))
        .statusCode,
    ).toBe(403);
    const assigned = expectStatus<TrainerDetail>(
      await call('trainerA', 'PUT', `/api/trainer/trainers/${invited.id}/courses`, {
        courseIds: [course.id],
      }),
      200,
    );
    expect(assigned.courses).toEqual([
      expect.objectContaining({ id: course.id, isAssigned: true, isOwner: false }),
    ]);
    const managerRecord = await detail('trainerA', world.users.trainerA.id);
    expect(managerRecord.courses).toContainEqual(expect.objectContaining({ id: course.id, isOwner: true }));
    const list = expectStatus<TrainerList>(
      await call('trainerA', 'GET', '/api/trainer/trainers?search=Nadia'),
      200,
    );
    expect(list.items[0]!.courses).toEqual([{ id: course.id, title: 'Paie et DSN' }]);
  });

  it('takes a CV and diplomas as PDF or image, checked, kept from learners, and deleted on request', async () => {
    const refused = await upload(
      'invited',
      invited.id,
      'document',
      Buffer.from('plain text, not a PDF'),
      'cv.pdf',
    );
    expect(refused.statusCode).toBe(415);
    expect((await upload('invited', invited.id, 'video', PDF, 'cv.pdf')).statusCode).toBe(400);
    expect((await upload('invited', world.users.trainerA.id, 'document', PDF, 'cv.pdf')).statusCode).toBe(
      403,
    );

    const cvFile = expectStatus<StoredFile>(
      await upload('invited', invited.id, 'document', PDF, 'cv-nadia.pdf'),
      200,
    );
    const cv = expectStatus<TrainerDocument>(
      await call('invited', 'POST', `/api/trainer/trainers/${invited.id}/documents`, {
        kind: 'cv',
        fileId: cvFile.id,
      }),
      200,
    );
    expect(cv).toMatchObject({ kind: 'cv', title: 'cv-nadia.pdf', issuer: null });

    const scan = expectStatus<StoredFile>(
      await upload('invited', invited.id, 'image', PNG, 'diplome.png'),
      200,
    );
    const incomplete = await call('invited', 'POST', `/api/trainer/trainers/${invited.id}/documents`, {
      kind: 'diploma',
      fileId: scan.id,
      title: 'DCG',
      obtainedOn: '2019-07-01',
      expiresOn: '2018-01-01',
    });
    expect(incomplete.statusCode).toBe(400);
    expect(
      incomplete
        .json()
        .error.details.fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(['expiresOn', 'issuer']);
    // Someone else's upload cannot be claimed as one's diploma.
    const stolen = await call('trainerA', 'POST', `/api/trainer/trainers/${invited.id}/documents`, {
      kind: 'diploma',
      fileId: scan.id,
      title: 'DCG',
      issuer: 'Ministère',
      obtainedOn: '2019-07-01',
    });
    expect(stolen.statusCode).toBe(404);
    const diploma = expectStatus<TrainerDocument>(
      await call('invited', 'POST', `/api/trainer/trainers/${invited.id}/documents`, {
        kind: 'diploma',
        fileId: scan.id,
        title: 'Diplôme de comptabilité et de gestion',
        issuer: 'Ministère de l’Enseignement supérieur',
        obtainedOn: '2019-07-01',
      }),
      200,
    );
    expect(diploma).toMatchObject({
      obtainedOn: '2019-07-01',
      expiresOn: null,
      file: { mimeType: 'image/png' },
    });

    // The manager reads it; a learner of the organisation never, though lesson images are theirs to read.
    expect((await call('trainerA', 'GET', scan.url)).statusCode).toBe(200);
    expect((await call('studentA1', 'GET', scan.url)).statusCode).toBe(404);
    expect((await call('trainerB', 'GET', scan.url)).statusCode).toBe(404);

    // A second CV replaces the first.
    const newCvFile = expectStatus<StoredFile>(
      await upload('invited', invited.id, 'document', PDF, 'cv-2.pdf'),
      200,
    );
    expectStatus(
      await call('invited', 'POST', `/api/trainer/trainers/${invited.id}/documents`, {
        kind: 'cv',
        fileId: newCvFile.id,
      }),
      200,
    );
    let record = await detail('trainerA', invited.id);
    expect(record.documents.map((document) => document.title).sort()).toEqual([
      'Diplôme de comptabilité et de gestion',
      'cv-2.pdf',
    ]);
    const list = expectStatus<TrainerList>(
      await call('trainerA', 'GET', '/api/trainer/trainers?search=Nadia'),
      200,
    );
    expect(list.items[0]).toMatchObject({ hasCv: true, diplomaCount: 1 });

    // The orphaned files sweep keeps every file a record names.
    const inUse = await world.testApp.modules.fileAccess.fileIdsInUse(world.users.trainerA.organizationId!);
    expect(inUse.has(scan.id) && inUse.has(newCvFile.id)).toBe(true);
    expect(inUse.has(cvFile.id)).toBe(false);

    expect(
      (await call('trainerB', 'DELETE', `/api/trainer/trainers/${invited.id}/documents/${diploma.id}`))
        .statusCode,
    ).toBe(404);
    expectStatus(
      await call('trainerA', 'DELETE', `/api/trainer/trainers/${invited.id}/documents/${diploma.id}`),
      200,
    );
    record = await detail('invited', invited.id);
    expect(record.documents.map((document) => document.kind)).toEqual(['cv']);
    expect(
      (await call('invited', 'DELETE', `/api/trainer/trainers/${invited.id}/documents/${diploma.id}`))
        .statusCode,
    ).toBe(404);
  });
});
