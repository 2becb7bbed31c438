import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AdminAuditList,
  type AdminOrganizationCourseList,
  type AdminOrganizationDetail,
  type AdminOrganizationList,
  type AssignedCourse,
  adminRoutes,
  type CatalogueCourseList,
  type CourseDetail,
  type Lesson,
  type OnboardedOrganization,
  type PlatformOverview,
  type TrainerList,
} from '@cursus/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { cookieHeader, ORIGIN, STRONG_PASSWORD, signIn } from '../../../test/helper.ts';
import { multipart, PDF } from '../../../test/route-access-world.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { userTimeTracking } from '../time-tracking/time-tracking.tables.ts';

let world: CoursesWorld;
let dataDir: string;
let courseId: string;
let documentFileId: string;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NEWCOMER = 'amelie.perrin@formations-nord.example';

const call = (...args: Parameters<CoursesWorld['call']>) => world.call(...args);
const asAdmin = async <T>(url: string) => expectStatus<T>(await call('admin', 'GET', url), 200);

async function invitationMail(to: string) {
  const [mail] = await world.testApp.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, 'trainer-invitation')))
    .orderBy(desc(emailOutbox.createdAt));
  return mail;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-admin-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir });
  // Organisation A's formation with an uploaded document: the source assigned to others below.
  courseId = expectStatus(
    await call('trainerA', 'POST', '/api/courses', { title: 'Gestes et postures', description: 'Prévenir.' }),
    200,
  ).id;
  const moduleId = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules`, { title: 'Le dos' }),
    200,
  ).id;
  const { body, contentType } = multipart(PDF, 'fiche.pdf');
  documentFileId = expectStatus<{ id: string }>(
    await world.testApp.app.inject({
      method: 'POST',
      url: '/api/files?purpose=document',
      headers: { ...ORIGIN, 'content-type': contentType, cookie: world.users.trainerA.cookie },
      payload: body,
    }),
    200,
  ).id;
  for (const [title, content] of [
    ['Porter une charge', { type: 'text', html: '<p>Plier les genoux.</p>' }],
    ['Fiche réflexe', { type: 'document', fileId: documentFileId }],
  ] as const)
    expectStatus(
      await call('trainerA', 'POST', `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
        title,
        content,
      }),
      200,
    );
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('who may use the admin space', () => {
  it('refuses every admin route to visitors, trainers and learners', async () => {
    for (const contract of Object.values(adminRoutes)) {
      const url = contract.path.replace(':organizationId', world.users.trainerA.organizationId!);
      const body = contract.method === 'GET' ? undefined : {};
      expect(expectStatus(await call(null, contract.method, url, body), 401).error.code).toBe('NO_SESSION');
      for (const person of ['trainerA', 'studentA1'] as const)
        expect(expectStatus(await call(person, contract.method, url, body), 403).error.code).toBe(
          'NOT_AUTHORIZED',
        );
    }
    for (const person of ['trainerA', 'studentA1'] as const)
      expectStatus(await call(person, 'GET', '/api/admin/audit-log'), 403);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/admin/organizations', { firstName: 'A', lastName: 'B', email: 'a@b.example' }, 'name'],
      [
        'POST',
        '/api/admin/organizations',
        { name: 'X', firstName: 'A', lastName: 'B', email: 'non' },
        'email',
      ],
      [
        'POST',
        '/api/admin/organizations',
        { name: 'X', firstName: 'A', lastName: 'B', email: 'a@b.example', language: 'de' },
        'language',
      ],
      [
        'POST',
        `/api/admin/organizations/${world.users.trainerB.organizationId}/courses`,
        { courseId, status: 'archived' },
        'status',
      ],
      [
        'POST',
        `/api/admin/organizations/${world.users.trainerB.organizationId}/courses`,
        { status: 'draft' },
        'courseId',
      ],
      ['GET', '/api/admin/organizations/not-an-id', undefined, 'organizationId'],
      ['GET', '/api/admin/organizations?page=0', undefined, 'page'],
    ];
    for (const [method, url, body, field] of cases) {
      const refused = expectStatus(await call('admin', method as 'GET', url, body), 400);
      expect(refused.error.details.fields.map((item: { path: string }) => item.path)).toContain(field);
    }
  });
});

describe('onboarding an organisation', () => {
  let onboarded: OnboardedOrganization;

  it('creates the organisation and invites its first trainer as manager, in the language chosen', async () => {
    onboarded = expectStatus<OnboardedOrganization>(
      await call('admin', 'POST', '/api/admin/organizations', {
        name: 'Formations du Nord',
        firstName: 'Amélie',
        lastName: 'Perrin',
        email: NEWCOMER.toUpperCase(),
        language: 'en',
      }),
      200,
    );
    expect(onboarded).toMatchObject({
      organization: { name: 'Formations du Nord' },
      trainer: { email: NEWCOMER },
    });
    const mail = await invitationMail(NEWCOMER);
    expect(mail).toMatchObject({ language: 'en', subject: expect.stringContaining('training team') });
    expect(mail!.text).toContain('Formations du Nord');
    const link = mail!.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0];
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
    const signedIn = await signIn(world.testApp.app, NEWCOMER);
    expect(signedIn.json().user).toMatchObject({
      role: 'trainer',
      organizationId: onboarded.organization.id,
      organizationName: 'Formations du Nord',
    });
    const team = expectStatus<TrainerList>(
      await world.testApp.app.inject({
        method: 'GET',
        url: '/api/trainer/trainers',
        headers: { cookie: cookieHeader(signedIn) },
      }),
      200,
    );
    expect(team.viewer).toMatchObject({ organizationRole: 'manager', canManage: true });
    expect(team.items).toEqual([expect.objectContaining({ email: NEWCOMER, invitationPending: false })]);
  });

  it('writes the invitation in French when asked', async () => {
    const email = 'bruno.leroy@savoirs-sud.example';
    expectStatus(
      await call('admin', 'POST', '/api/admin/organizations', {
        name: 'Savoirs du Sud',
        firstName: 'Bruno',
        lastName: 'Leroy',
        email,
      }),
      200,
    );
    const mail = await invitationMail(email);
    expect(mail).toMatchObject({ language: 'fr' });
    expect(mail!.text).toContain('Savoirs du Sud');
  });

  it('refuses a known address before making anything', async () => {
    const before = await asAdmin<AdminOrganizationList>('/api/admin/organizations');
    const refused = expectStatus(
      await call('admin', 'POST', '/api/admin/organizations', {
        name: 'Doublon',
        firstName: 'X',
        lastName: 'Y',
        email: 'trainer@org-a.example',
      }),
      409,
    );
    expect(refused.error).toMatchObject({ code: 'ACCOUNT_EXISTS', details: { fields: [{ path: 'email' }] } });
    expect((await asAdmin<AdminOrganizationList>('/api/admin/organizations')).total).toBe(before.total);
  });

  it('lists the organisations by name, searched and paged, with their counts', async () => {
    const all = await asAdmin<AdminOrganizationList>('/api/admin/organizations?pageSize=2');
    expect(all.total).toBe(4);
    expect(all.items.map((item) => item.name)).toEqual(['Formations du Nord', 'Organisme A']);
    const found = await asAdmin<AdminOrganizationList>('/api/admin/organizations?search=nord');
    expect(found.items).toEqual([
      expect.objectContaining({ id: onboarded.organization.id, trainerCount: 1, learnerCount: 0 }),
    ]);
    const a = await asAdmin<AdminOrganizationList>('/api/admin/organizations?search=Organisme%20A');
    expect(a.items[0]).toMatchObject({ trainerCount: 1, learnerCount: 2, draftCourseCount: 1 });
  });

  it('keeps both actions in the audit log, readable by admins', async () => {
    const log = await asAdmin<AdminAuditList>(
      `/api/admin/audit-log?organizationId=${onboarded.organization.id}`,
    );
    expect(log.items.map((entry) => entry.action)).toEqual(['trainer.invite', 'organization.create']);
    expect(log.items[1]).toMatchObject({
      organizationName: 'Formations du Nord',
      targetId: onboarded.organization.id,
      actorEmail: 'root@cursus.example',
      summary: 'Organisme « Formations du Nord » créé',
    });
  });
});

describe("an organisation's page", () => {
  const organizationA = () => world.users.trainerA.organizationId!;

  // Its staff and learners tabs read the platform's lists (trainers and learners modules' tests).
  it('reads the overview and its formations', async () => {
    const detail = await asAdmin<AdminOrganizationDetail>(`/api/admin/organizations/${organizationA()}`);
    expect(detail).toMatchObject({
      name: 'Organisme A',
      qualiopi: { number: null, validUntil: null, isExpired: false },
      figures: { trainers: 1, learners: 2, draftCourses: 1, publishedCourses: 0, enrolments: 0 },
    });
    expect(detail.recentActivity.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['course_created', 'learner_joined', 'trainer_joined']),
    );
    const courses = await asAdmin<AdminOrganizationCourseList>(
      `/api/admin/organizations/${organizationA()}/courses`,
    );
    expect(courses.items).toEqual([
      expect.objectContaining({ id: courseId, status: 'draft', moduleCount: 1, lessonCount: 2 }),
    ]);
  });

  it('answers 404 for an unknown organisation', async () => {
    for (const suffix of ['', '/courses'])
      expect(
        expectStatus(await call('admin', 'GET', `/api/admin/organizations/${UNKNOWN_ID}${suffix}`), 404).error
          .code,
      ).toBe('NOT_FOUND');
  });
});

describe('assigning formations', () => {
  const organizationB = () => world.users.trainerB.organizationId!;

  it('lists every organisation’s formations as the catalogue', async () => {
    const catalogue = await asAdmin<CatalogueCourseList>('/api/admin/catalogue?search=gestes');
    expect(catalogue.items).toEqual([
      expect.objectContaining({ id: courseId, organizationName: 'Organisme A', lessonCount: 2 }),
    ]);
  });

  it('copies a formation into another organisation, published, its files included', async () => {
    const assigned = expectStatus<AssignedCourse>(
      await call('admin', 'POST', `/api/admin/organizations/${organizationB()}/courses`, {
        courseId,
        status: 'published',
      }),
      200,
    );
    expect(assigned).toMatchObject({ title: 'Gestes et postures', status: 'published', lessonCount: 2 });
    // B's trainer owns an independent copy, published, whose document is a file of B's.
    const copy = expectStatus<CourseDetail>(
      await call('trainerB', 'GET', `/api/courses/${assigned.courseId}`),
      200,
    );
    expect(copy).toMatchObject({
      organizationId: organizationB(),
      status: 'published',
      description: 'Prévenir.',
    });
    const documentLesson = copy.modules[0]!.lessons.find((lesson) => lesson.title === 'Fiche réflexe')!;
    const lesson = expectStatus<Lesson>(
      await call('trainerB', 'GET', `/api/courses/${copy.id}/lessons/${documentLesson.id}`),
      200,
    );
    if (lesson.content.type !== 'document') throw new Error('lesson type changed');
    expect(lesson.content.file.id).not.toBe(documentFileId);
    expect((await call('trainerB', 'GET', lesson.content.file.url)).rawPayload.equals(PDF)).toBe(true);
    // The source stays A's own.
    expectStatus(await call('trainerB', 'GET', `/api/courses/${courseId}`), 404);
  });

  it('assigns a draft, and records each assignment in the audit log', async () => {
    expectStatus(
      await call('admin', 'POST', `/api/admin/organizations/${organizationB()}/courses`, {
        courseId,
        status: 'draft',
      }),
      200,
    );
    const courses = await asAdmin<AdminOrganizationCourseList>(
      `/api/admin/organizations/${organizationB()}/courses`,
    );
    expect(courses.items.map((course) => course.status).sort()).toEqual(['draft', 'published']);
    const log = await asAdmin<AdminAuditList>(`/api/admin/audit-log?organizationId=${organizationB()}`);
    expect(log.items.map((entry) => [entry.action, entry.details.status])).toEqual([
      ['course.assign', 'draft'],
      ['course.assign', 'published'],
    ]);
    expect(log.items[1]!.summary).toBe(
      'Formation « Gestes et postures » attribuée à « Organisme B » (publiée)',
    );
    // The words the screen writes the line with, in the reader's language.
    expect(log.items[1]!.details).toMatchObject({
      title: 'Gestes et postures',
      organizationName: 'Organisme B',
    });
  });

  it('refuses an unknown source or organisation', async () => {
    const unknownCourse = await call('admin', 'POST', `/api/admin/organizations/${organizationB()}/courses`, {
      courseId: UNKNOWN_ID,
      status: 'draft',
    });
    expect(expectStatus(unknownCourse, 404).error.code).toBe('TRAINING_NOT_FOUND');
    const unknownOrganization = await call(
      'admin',
      'POST',
      `/api/admin/organizations/${UNKNOWN_ID}/courses`,
      {
        courseId,
        status: 'draft',
      },
    );
    expect(expectStatus(unknownOrganization, 404).error.code).toBe('NOT_FOUND');
  });
});

describe('the platform figures', () => {
  it('counts organisations, people, formations and sign-ups over every organisation', async () => {
    const platform = await asAdmin<PlatformOverview>('/api/admin/platform');
    expect(platform).toMatchObject({
      organizations: { total: 4, createdThisMonth: 4 },
      users: { students: 4, trainers: 4, admins: 1, unassignedStudents: 1 },
      formations: { published: 1, draft: 2 },
      enrolments: 0,
    });
    expect(platform.signupsByWeek).toHaveLength(12);
    const weeks = platform.signupsByWeek.map((week) => week.count);
    // Everyone signed up during this test, this week: the last bar.
    expect(weeks.at(-1)).toBe(9);
    expect(weeks.slice(0, -1).every((count) => count === 0)).toBe(true);
    expect(platform.newestOrganizations.map((organization) => organization.name)).toContain('Savoirs du Sud');
  });

  it('counts a sign-up in its Paris week and the month’s time from the sessions started in the month', async () => {
    const { db } = world.testApp.database;
    const before = await asAdmin<PlatformOverview>('/api/admin/platform');
    // Half an hour after and before last week's Monday midnight in Paris: one bar each, where a
    // count by UTC weeks would put both in the same bar.
    const lastMonday = sql`date_trunc('week', now() at time zone 'Europe/Paris') - interval '1 week'`;
    const movedIn = async (id: string, offset: string) =>
      db
        .update(profiles)
        .set({ createdAt: sql`(${lastMonday} + ${offset}::interval) at time zone 'Europe/Paris'` })
        .where(eq(profiles.id, id));
    await movedIn(world.users.studentA1.id, '30 minutes');
    await movedIn(world.users.studentA2.id, '-30 minutes');
    const monthStart = sql`date_trunc('month', now(), 'Europe/Paris')`;
    const { id: studentId, organizationId } = world.users.studentB;
    await db.insert(userTimeTracking).values([
      {
        organizationId: organizationId!,
        userId: studentId,
        sessionStart: sql`${monthStart} + interval '1 minute'`,
        lastActivityAt: sql`${monthStart} + interval '11 minutes'`,
        durationSeconds: 600,
      },
      {
        organizationId: organizationId!,
        userId: studentId,
        sessionStart: sql`${monthStart} - interval '1 minute'`,
        lastActivityAt: sql`${monthStart} + interval '14 minutes'`,
        durationSeconds: 900,
      },
    ]);

    const after = await asAdmin<PlatformOverview>('/api/admin/platform');
    const bars = (platform: PlatformOverview) => platform.signupsByWeek.map((week) => week.count);
    expect(bars(after).slice(-3)).toEqual([
      bars(before).at(-3)! + 1,
      bars(before).at(-2)! + 1,
      bars(before).at(-1)! - 2,
    ]);
    expect(after.signupsByWeek.map((week) => week.weekStartsAt)).toEqual(
      before.signupsByWeek.map((week) => week.weekStartsAt),
    );
    expect(after.monthSeconds - before.monthSeconds).toBe(600);
  });
});
