import type { CourseDetail } from '@cursus/contracts';
import { eq, inArray, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../../../test/courses-world.ts';
import {
  createEnrolledCourse,
  offlineSession,
  useTimeTrackingWorld,
} from '../../../test/time-tracking-world.ts';
import { csvCell } from '../../lib/excel-csv.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { courseEnrollments } from '../courses/courses.tables.ts';
import { profiles, userRoles } from '../organizations/organizations.tables.ts';
import { signInLogs } from '../system/system.tables.ts';
import { CONNECTION_LOG_EXPORT_BATCH } from './connection-logs.service.ts';
import { userTimeTracking } from './time-tracking.tables.ts';

const world = useTimeTrackingWorld('2026-01-20T12:00:00Z', { keepRecords: true });
let course: CourseDetail;
const db = () => world.testApp.database.db;

beforeAll(async () => {
  ({ course } = await createEnrolledCourse(world, 'Sécurité; "incendie"'));
  // Enrolments and sign-ins are dated by the database; the test's calendar is January 2026.
  await db()
    .update(courseEnrollments)
    .set({ createdAt: new Date('2026-01-05T08:00:00Z') })
    .where(eq(courseEnrollments.courseId, course.id));
  await db()
    .update(signInLogs)
    .set({ createdAt: new Date('2026-01-19T08:00:00Z') });
  expectStatus(
    await world.syncOffline([
      offlineSession('2026-01-12T08:00:00Z', '2026-01-12T09:00:00Z', 3600, course.id),
      offlineSession('2026-01-15T08:00:00Z', '2026-01-15T08:30:00Z', 1805),
    ]),
    200,
  );
  expectStatus(
    await world.syncOffline(
      [offlineSession('2026-01-13T08:00:00Z', '2026-01-13T08:10:00Z', 600)],
      'studentA2',
    ),
    200,
  );
  // Hugo also has a session the server tracked live.
  world.clock = new Date('2026-01-14T08:00:00Z');
  const { session } = await world.startSession('studentA2');
  world.clock = new Date('2026-01-14T08:20:00Z');
  expectStatus(await world.endSession(session.id, 1200, 'studentA2'), 200);
  world.clock = new Date('2026-01-20T12:00:00Z');
  expectStatus(
    await world.syncOffline(
      [offlineSession('2026-01-13T08:00:00Z', '2026-01-13T09:00:00Z', 3600)],
      'studentB',
    ),
    200,
  );
});

const logs = async (query = '', person: 'trainerA' | 'trainerB' | 'admin' = 'trainerA') =>
  expectStatus(await world.call(person, 'GET', `/api/time-tracking/connection-logs${query}`), 200);
/** One learner's newest sessions and sign-ins, read when the trainer opens their details. */
const entriesOf = async (
  studentId: string,
  query = '',
  person: 'trainerA' | 'trainerB' | 'admin' = 'trainerA',
) => world.call(person, 'GET', `/api/time-tracking/connection-logs/learners/${studentId}${query}`);

describe('connection logs (/trainer/connection-logs)', () => {
  it('lists the organisation’s learners with their sign-ins, sessions and totals', async () => {
    const result = await logs();
    expect(result.items.map((item: { email: string }) => item.email).sort()).toEqual([
      'hugo@org-a.example',
      'lea@org-a.example',
    ]);
    const lea = result.items.find((item: { email: string }) => item.email === 'lea@org-a.example');
    expect(lea).toMatchObject({ sessionCount: 2, totalSeconds: 5405 });
    // Every successful sign-in is recorded (the test world signed Léa in once).
    expect(lea.signInCount).toBeGreaterThanOrEqual(1);
    // The list carries counts only: the entries come with the learner's details.
    expect(Object.keys(lea).sort()).toEqual([
      'email',
      'fullName',
      'sessionCount',
      'signInCount',
      'studentId',
      'totalSeconds',
    ]);
    const entries = expectStatus(await entriesOf(lea.studentId), 200);
    expect(entries.signIns[0]).toMatchObject({ ipAddress: expect.any(String) });
    expect(entries.sessions[0]).toMatchObject({ durationSeconds: 1805, courseId: null });
    expect(entries.sessions[1]).toMatchObject({
      durationSeconds: 3600,
      courseId: course.id,
      courseTitle: course.title,
    });
    expect(result.totals).toMatchObject({ studentCount: 2, sessionCount: 4, totalSeconds: 7205 });
  });

  it("gives a learner's entries within the period and formation asked, and nobody's outside the scope", async () => {
    const result = await logs();
    const lea = result.items.find((item: { email: string }) => item.email === 'lea@org-a.example');
    const onCourse = expectStatus(await entriesOf(lea.studentId, `?courseId=${course.id}`), 200);
    expect(onCourse.sessions.map((session: { durationSeconds: number }) => session.durationSeconds)).toEqual([
      3600,
    ]);
    const lateJanuary = expectStatus(await entriesOf(lea.studentId, '?from=2026-01-14&to=2026-01-20'), 200);
    expect(
      lateJanuary.sessions.map((session: { durationSeconds: number }) => session.durationSeconds),
    ).toEqual([1805]);
    // Another organisation's trainer, a learner of nobody's and a trainer (not a learner): 404.
    expectStatus(await entriesOf(lea.studentId, '', 'trainerB'), 404);
    expectStatus(await entriesOf('no-such-user'), 404);
    expectStatus(await entriesOf(world.users.trainerA.id), 404);
    // The learner is in the path: a studentId in the query is refused, not silently ignored.
    expectStatus(await entriesOf(lea.studentId, `?studentId=${lea.studentId}`), 400);
    expectStatus(await entriesOf(lea.studentId, '?from=2026-01-20&to=2026-01-14'), 400);
  });

  it('marks the time declared after an offline stretch as offline, and live time as online', async () => {
    const result = await logs();
    const sources = async (email: string) => {
      const { studentId } = result.items.find((item: { email: string }) => item.email === email);
      const entries = expectStatus(await entriesOf(studentId), 200);
      return entries.sessions.map((session: { durationSeconds: number; source: string }) => [
        session.durationSeconds,
        session.source,
      ]);
    };
    expect(await sources('lea@org-a.example')).toEqual([
      [1805, 'offline'],
      [3600, 'offline'],
    ]);
    expect(await sources('hugo@org-a.example')).toEqual([
      [1200, 'online'],
      [600, 'offline'],
    ]);
    const csv = await world.call('trainerA', 'GET', '/api/time-tracking/connection-logs/export');
    const lines = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toContain(
      'Anne de la Tour;hugo@org-a.example;Session hors ligne (déclarée);;2026-01-13 09:00:00;2026-01-13 09:10:00;00:10:00;',
    );
    expect(lines).toContain(
      'Anne de la Tour;hugo@org-a.example;Session suivie;;2026-01-14 09:00:00;2026-01-14 09:20:00;00:20:00;',
    );
  });

  it('filters by learner, formation and Paris days, and pages', async () => {
    const byStudent = await logs(`?studentId=${world.users.studentA2.id}`);
    expect(byStudent.items.map((item: { email: string }) => item.email)).toEqual(['hugo@org-a.example']);
    const byCourse = await logs(`?courseId=${course.id}`);
    expect(byCourse.totals).toMatchObject({ studentCount: 1, sessionCount: 1, totalSeconds: 3600 });
    const byDates = await logs('?from=2026-01-13&to=2026-01-15');
    expect(byDates.totals).toMatchObject({ sessionCount: 3, totalSeconds: 3605 });
    expect(byDates.period).toEqual({ from: '2026-01-13', to: '2026-01-15' });
    const paged = await logs('?pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    const wrongOrder = await world.call(
      'trainerA',
      'GET',
      '/api/time-tracking/connection-logs?from=2026-01-15&to=2026-01-13',
    );
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().error.details.fields[0].path).toBe('to');
  });

  it('keeps another organisation’s learners invisible, even by id; admins see every organisation or one', async () => {
    const other = await logs(`?studentId=${world.users.studentA1.id}`, 'trainerB');
    expect(other.items).toEqual([]);
    expect(
      (await logs(`?organizationId=${world.users.trainerA.organizationId}`, 'trainerB')).items.map(
        (item: { email: string }) => item.email,
      ),
    ).toEqual(['ines@org-b.example']);
    expect((await logs('', 'admin')).totals.studentCount).toBe(3);
    expect(
      (await logs(`?organizationId=${world.users.trainerB.organizationId}`, 'admin')).totals,
    ).toMatchObject({ studentCount: 1, totalSeconds: 3600 });
    expect((await world.call('studentA1', 'GET', '/api/time-tracking/connection-logs')).statusCode).toBe(403);
  });

  it('exports a CSV an auditor opens in French Excel: BOM, semicolons, hh:mm:ss, Paris times', async () => {
    const response = await world.call(
      'trainerA',
      'GET',
      `/api/time-tracking/connection-logs/export?studentId=${world.users.studentA1.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="connection-logs-2026-01-20\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Apprenant;E-mail;Type;Formation;Début;Fin;Durée (hh:mm:ss);Adresse IP');
    expect(lines).toContain(
      `Anne de la Tour;lea@org-a.example;Session hors ligne (déclarée);"Sécurité; ""incendie""";2026-01-12 09:00:00;2026-01-12 10:00:00;01:00:00;`,
    );
    expect(lines).toContain(
      'Anne de la Tour;lea@org-a.example;Session hors ligne (déclarée);;2026-01-15 09:00:00;2026-01-15 09:30:00;00:30:05;',
    );
    expect(lines.at(-1)).toBe('Anne de la Tour;lea@org-a.example;Total;;;;01:30:05;');
    expect(lines.filter((line) => line.includes(';Connexion;')).length).toBeGreaterThanOrEqual(1);
  });

  it('writes headers in the requester’s language', async () => {
    await world.call('trainerA', 'PATCH', '/api/auth/preferences', { language: 'en' });
    const response = await world.call('trainerA', 'GET', '/api/time-tracking/connection-logs/export');
    expect(response.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      'Learner;Email;Type;Course;Start;End;Duration (hh:mm:ss);IP address',
    );
    await world.call('trainerA', 'PATCH', '/api/auth/preferences', { language: 'fr' });
  });

  it('reads the last 31 days by default and refuses a period over a year, naming the field', async () => {
    expect((await logs()).period).toEqual({ from: '2025-12-21', to: '2026-01-20' });
    expect((await logs('?to=2026-01-10')).period).toEqual({ from: '2025-12-11', to: '2026-01-10' });
    // Léa's session of 12 January lies before a period that starts on the 13th.
    expect((await logs('?from=2026-01-13')).totals).toMatchObject({ sessionCount: 3, totalSeconds: 3605 });
    for (const query of ['?from=2025-01-01&to=2026-01-20', '?from=2024-06-01']) {
      for (const path of [
        '/api/time-tracking/connection-logs',
        '/api/time-tracking/connection-logs/export',
      ]) {
        const response = await world.call('trainerA', 'GET', `${path}${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.details.fields[0]).toEqual({
          path: 'from',
          message: 'DATE_RANGE_TOO_LONG',
        });
      }
    }
    expect((await logs('?from=2025-01-21&to=2026-01-20')).period).toEqual({
      from: '2025-01-21',
      to: '2026-01-20',
    });
  });

  it('pages an admin’s view of every organisation, with the totals of them all', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await logs(`?pageSize=1&page=${page}`, 'admin'));
    for (const page of pages) {
      expect(page).toMatchObject({ total: 3, pageSize: 1 });
      expect(page.items).toHaveLength(1);
      expect(page.totals).toMatchObject({ studentCount: 3, sessionCount: 5, totalSeconds: 10_805 });
    }
    expect(pages.map((page) => page.items[0].email).sort()).toEqual([
      'hugo@org-a.example',
      'ines@org-b.example',
      'lea@org-a.example',
    ]);
    // Past the last page there is no row, and still the scope's totals.
    expect(await logs('?pageSize=1&page=4', 'admin')).toMatchObject({
      items: [],
      total: 3,
      totals: { studentCount: 3, sessionCount: 5, totalSeconds: 10_805 },
    });
  });

  it('lists learners as sign-in resolves roles: the user_roles row first, then the profile', async () => {
    const hugo = world.users.studentA2.id;
    const listed = async () =>
      (await logs()).items.map((item: { studentId: string }) => item.studentId).includes(hugo);
    const setRoles = async (profile: string | null, row: string | null) => {
      await db().update(profiles).set({ role: profile }).where(eq(profiles.id, hugo));
      await db().delete(userRoles).where(eq(userRoles.userId, hugo));
      if (row) await db().insert(userRoles).values({ userId: hugo, role: row });
    };
    try {
      await setRoles('student', 'trainer');
      expect(await listed()).toBe(false);
      await setRoles('trainer', 'student');
      expect(await listed()).toBe(true);
      await setRoles(null, 'student');
      expect(await listed()).toBe(true);
      await setRoles('student', null);
      expect(await listed()).toBe(true);
      await setRoles('trainer', null);
      expect(await listed()).toBe(false);
    } finally {
      await setRoles('student', 'student');
    }
  });

  it('streams a large export whole, learner after learner, in batches', async () => {
    const organizationId = world.users.trainerA.organizationId!;
    const extra = Array.from({ length: CONNECTION_LOG_EXPORT_BATCH + 10 }, (_, index) => {
      const number = String(index + 1).padStart(2, '0');
      return {
        id: `extra-learner-${number}`,
        name: `Zoé Élève ${number}`,
        email: `zoe${number}@org-a.example`,
      };
    });
    await db()
      .insert(authUsers)
      .values(extra.map((person) => ({ ...person, emailVerified: true })));
    try {
      await db()
        .insert(profiles)
        .values(
          extra.map((person) => ({
            id: person.id,
            email: person.email,
            fullName: person.name,
            firstName: 'Zoé',
            lastName: 'Élève',
            role: 'student',
            organizationId,
          })),
        );
      const minute = 60_000;
      const december = Date.parse('2025-12-01T08:00:00Z');
      const session = (userId: string, start: number) => ({
        userId,
        organizationId,
        sessionStart: new Date(start),
        sessionEnd: new Date(start + minute),
        lastActivityAt: new Date(start + minute),
        durationSeconds: 60,
      });
      await db()
        .insert(userTimeTracking)
        .values(
          Array.from({ length: 2000 }, (_, index) =>
            session(world.users.studentA1.id, december + index * 20 * minute),
          ),
        );
      await db()
        .insert(userTimeTracking)
        .values(extra.map((person) => session(person.id, december)));
      const response = await world.call(
        'trainerA',
        'GET',
        '/api/time-tracking/connection-logs/export?from=2025-12-01&to=2025-12-31',
      );
      expect(response.statusCode).toBe(200);
      // Sent as it is written, not built whole first.
      expect(response.headers['transfer-encoding']).toBe('chunked');
      expect(response.headers['content-length']).toBeUndefined();
      const lines = response.rawPayload.subarray(3).toString('utf8').split('\r\n');
      expect(lines.at(-1)).toBe('');
      const rows = lines.slice(1, -1);
      const of = (email: string, type: string) =>
        rows.filter((line) => line.includes(`;${email};${type};`)).length;
      expect(of('lea@org-a.example', 'Session suivie')).toBe(2000);
      expect(rows).toContain('Anne de la Tour;lea@org-a.example;Total;;;;33:20:00;');
      expect(rows).toContain('Anne de la Tour;hugo@org-a.example;Total;;;;00:00:00;');
      for (const person of extra) expect(of(person.email, 'Session suivie')).toBe(1);
      expect(rows.filter((line) => line.includes(';Total;'))).toHaveLength(2 + extra.length);
      expect(rows).toHaveLength(2000 + extra.length * 2 + 2);
      expect(rows.at(-1)).toBe(
        `Zoé Élève ${extra.length};zoe${extra.length}@org-a.example;Total;;;;00:01:00;`,
      );
    } finally {
      await db()
        .delete(userTimeTracking)
        .where(lt(userTimeTracking.sessionStart, new Date('2026-01-01T00:00:00Z')));
      await db()
        .delete(authUsers)
        .where(
          inArray(
            authUsers.id,
            extra.map((person) => person.id),
          ),
        );
    }
  });

  it('never lets a cell run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+33 6')).toBe("'+33 6");
    expect(csvCell('Anne')).toBe('Anne');
  });
});

describe('weekly goal setting', () => {
  it('lets staff set their organisation’s goal and learners see it; defaults to 20 h', async () => {
    expect(expectStatus(await world.call('trainerB', 'GET', '/api/time-tracking/settings'), 200)).toEqual({
      organizationId: world.users.trainerB.organizationId,
      weeklyGoalHours: 20,
    });
    const updated = expectStatus(
      await world.call('trainerA', 'PUT', '/api/time-tracking/settings', { weeklyGoalHours: 12 }),
      200,
    );
    expect(updated.weeklyGoalHours).toBe(12);
    expect(
      (await world.call('trainerA', 'PUT', '/api/time-tracking/settings', { weeklyGoalHours: 0 })).statusCode,
    ).toBe(400);
    expect(
      (await world.call('studentA1', 'PUT', '/api/time-tracking/settings', { weeklyGoalHours: 5 }))
        .statusCode,
    ).toBe(403);
    // A trainer naming another organisation still changes only their own.
    expectStatus(
      await world.call('trainerB', 'PUT', '/api/time-tracking/settings', {
        weeklyGoalHours: 30,
        organizationId: world.users.trainerA.organizationId,
      }),
      200,
    );
    const dashboard = expectStatus(await world.call('studentA1', 'GET', '/api/time-tracking/dashboard'), 200);
    expect(dashboard.weeklyGoal.goalHours).toBe(12);
    world.clock = new Date('2026-01-20T12:00:00Z');
  });
});

describe('a learner’s open session in the connection logs', () => {
  it('says in their details whether a session is open now, whatever the period, until it is reset', async () => {
    const lea = world.users.studentA1.id;
    const hasOpen = async (query = '') => expectStatus(await entriesOf(lea, query), 200).hasOpenSession;
    expect(await hasOpen()).toBe(false);
    await world.startSession();
    expect(await hasOpen()).toBe(true);
    // A past period holds none of today's sessions, but the session is still open now.
    expect(await hasOpen('?from=2025-12-01&to=2025-12-31')).toBe(true);
    expectStatus(
      await world.call('trainerA', 'POST', `/api/time-tracking/students/${lea}/reset-session`),
      200,
    );
    expect(await hasOpen()).toBe(false);
  });
});
