import type { CourseDetail } from '@cursus/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../../../test/courses-world.ts';
import {
  createEnrolledCourse,
  offlineSession,
  useTimeTrackingWorld,
} from '../../../test/time-tracking-world.ts';
import { csvCell } from './connection-logs.service.ts';

const world = useTimeTrackingWorld('2026-01-20T12:00:00Z', { keepRecords: true });
let course: CourseDetail;

beforeAll(async () => {
  ({ course } = await createEnrolledCourse(world, 'Sécurité; "incendie"'));
  expectStatus(
    await world.call('studentA1', 'POST', '/api/time-tracking/sessions/sync', {
      sessions: [
        offlineSession('2026-01-12T08:00:00Z', '2026-01-12T09:00:00Z', 3600, course.id),
        offlineSession('2026-01-15T08:00:00Z', '2026-01-15T08:30:00Z', 1805),
      ],
    }),
    200,
  );
  expectStatus(
    await world.call('studentA2', 'POST', '/api/time-tracking/sessions/sync', {
      sessions: [offlineSession('2026-01-13T08:00:00Z', '2026-01-13T08:10:00Z', 600)],
    }),
    200,
  );
  expectStatus(
    await world.call('studentB', 'POST', '/api/time-tracking/sessions/sync', {
      sessions: [offlineSession('2026-01-13T08:00:00Z', '2026-01-13T09:00:00Z', 3600)],
    }),
    200,
  );
});

const logs = async (query = '', person: 'trainerA' | 'trainerB' | 'admin' = 'trainerA') =>
  expectStatus(await world.call(person, 'GET', `/api/time-tracking/connection-logs${query}`), 200);

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
    expect(lea.signIns[0]).toMatchObject({ ipAddress: expect.any(String) });
    expect(lea.sessions[0]).toMatchObject({ durationSeconds: 1805, courseId: null });
    expect(lea.sessions[1]).toMatchObject({
      durationSeconds: 3600,
      courseId: course.id,
      courseTitle: course.title,
    });
    expect(result.totals).toMatchObject({ studentCount: 2, sessionCount: 3, totalSeconds: 6005 });
  });

  it('filters by learner, formation and Paris days, and pages', async () => {
    const byStudent = await logs(`?studentId=${world.users.studentA2.id}`);
    expect(byStudent.items.map((item: { email: string }) => item.email)).toEqual(['hugo@org-a.example']);
    const byCourse = await logs(`?courseId=${course.id}`);
    expect(byCourse.totals).toMatchObject({ studentCount: 1, sessionCount: 1, totalSeconds: 3600 });
    const byDates = await logs('?from=2026-01-13&to=2026-01-15');
    expect(byDates.totals).toMatchObject({ sessionCount: 2, totalSeconds: 2405 });
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
      `Anne de la Tour;lea@org-a.example;Session suivie;"Sécurité; ""incendie""";2026-01-12 09:00:00;2026-01-12 10:00:00;01:00:00;`,
    );
    expect(lines).toContain(
      'Anne de la Tour;lea@org-a.example;Session suivie;;2026-01-15 09:00:00;2026-01-15 09:30:00;00:30:05;',
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
