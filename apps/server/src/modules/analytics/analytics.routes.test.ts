import type {
  Analytics,
  IndicatorSettings,
  PublicIndicators,
  SessionUser,
  TrainerDashboard,
} from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { createConfirmedUser } from '../../../test/helper.ts';
import { createAnalyticsService, FIGURES_FRESH_MS } from './analytics.service.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
// A Thursday, 12:00 in Paris: the week started on Monday 23 November at 00:00 Paris (22 November 23:00 UTC).
const NOW = new Date('2026-11-26T11:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
/** The server's clock: NOW, but for a test that lets the dashboard's figures age. */
let clock = NOW;

let world: CoursesWorld;
let orgA: string;
let orgB: string;
let published: string;
let draft: string;
let courseOfB: string;
let emptyCookie: string;

/** The owner's SQL: fixtures at chosen dates, faster than replaying a year through the API. */
async function run(query: ReturnType<typeof sql>) {
  return (await world.testApp.database.db.execute(query)) as unknown as { rows: Record<string, string>[] };
}

async function insertCourse(organizationId: string, title: string, status: string, archived = false) {
  const { rows } = await run(sql`insert into courses (organization_id, title, status, archived_at)
    values (${organizationId}, ${title}, ${status}, ${archived ? ago(DAY_MS) : null}) returning id`);
  return rows[0]!.id!;
}

async function enrol(
  organizationId: string,
  courseId: string,
  studentId: string,
  at: string,
  progress: number,
) {
  await run(sql`insert into course_enrollments (organization_id, course_id, student_id, progress, created_at)
    values (${organizationId}, ${courseId}, ${studentId}, ${progress}, ${at})`);
}

async function track(
  organizationId: string,
  userId: string,
  courseId: string | null,
  start: string,
  seconds: number,
) {
  const end = new Date(Date.parse(start) + seconds * 1000).toISOString();
  await run(sql`insert into user_time_tracking
    (organization_id, user_id, course_id, session_start, session_end, duration_seconds, last_activity_at)
    values (${organizationId}, ${userId}, ${courseId}, ${start}, ${end}, ${seconds}, ${end})`);
}

async function attempt(
  organizationId: string,
  quizId: string,
  userId: string,
  values: { number: number; score: number; passed: boolean; at: string; status?: string; source?: string },
) {
  await run(sql`insert into quiz_attempts (organization_id, quiz_id, user_id, source, attempt_number, status,
      started_at, submitted_at, questions, max_points, score_points, score_percent, passed)
    values (${organizationId}, ${quizId}, ${userId}, ${values.source ?? 'learner'}, ${values.number},
      ${values.status ?? 'submitted'}, ${values.at}, ${values.status === 'in_progress' ? null : values.at},
      '[]'::jsonb, 10, ${values.score / 10}, ${values.score}, ${values.passed})`);
}

function get<T>(person: 'trainerA' | 'trainerB' | 'studentA1' | 'admin', url: string) {
  return world.call(person, 'GET', url).then((response) => expectStatus<T>(response, 200));
}

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  const { studentA1: lea, studentA2: hugo, studentB: ines } = world.users;
  orgA = lea.organizationId!;
  orgB = ines.organizationId!;
  published = await insertCourse(orgA, 'Excel : les bases', 'published');
  draft = await insertCourse(orgA, 'Word avancé', 'draft');
  await insertCourse(orgA, 'Ancienne formation', 'published', true);
  courseOfB = await insertCourse(orgB, 'Formation B', 'published');

  // Léa finished Excel; Hugo stopped 40 days ago; both started Word recently, Léa 10 days ago, untouched since.
  await enrol(orgA, published, lea.id, ago(60 * DAY_MS), 100);
  await enrol(orgA, published, hugo.id, ago(45 * DAY_MS), 40);
  await enrol(orgA, draft, lea.id, ago(10 * DAY_MS), 0);
  await enrol(orgA, draft, hugo.id, ago(3 * DAY_MS), 20);
  await enrol(orgB, courseOfB, ines.id, ago(5 * DAY_MS), 0);

  await track(orgA, lea.id, published, ago(2 * HOUR_MS), 3600);
  await track(orgA, lea.id, null, '2026-11-23T08:00:00.000Z', 1800);
  // Sunday 23:30 in Paris: last week.
  await track(orgA, lea.id, published, '2026-11-22T22:30:00.000Z', 600);
  await track(orgA, hugo.id, published, ago(40 * DAY_MS), 1200);
  await track(orgB, ines.id, courseOfB, ago(HOUR_MS * 3), 5000);

  // Sign-ins: only Hugo's, 31 days ago (outside the 30 days); Inès's are another organisation's.
  await run(sql`delete from sign_in_logs`);
  await run(sql`insert into sign_in_logs (user_id, organization_id, user_role, created_at)
    values (${hugo.id}, ${orgA}, 'student', ${ago(31 * DAY_MS)}), (${ines.id}, ${orgB}, 'student', ${ago(DAY_MS)})`);

  for (const [organizationId, studentId, status] of [
    [orgA, lea.id, 'pending'],
    [orgA, hugo.id, 'pending'],
    [orgA, hugo.id, 'answered'],
    [orgB, ines.id, 'pending'],
  ] as const)
    await run(sql`insert into student_questions (organization_id, student_id, subject, message, status)
      values (${organizationId}, ${studentId}, 'Question', 'Bonjour', ${status})`);

  for (const [organizationId, title, offset] of [
    [orgA, 'Atelier tableaux croisés', 2 * DAY_MS],
    [orgA, 'Classe virtuelle', 5 * DAY_MS],
    [orgA, 'Atelier passé', -DAY_MS],
    [orgB, 'Session B', DAY_MS],
  ] as const)
    await run(sql`insert into group_sessions (organization_id, title, meeting_date, duration_minutes)
      values (${organizationId}, ${title}, ${new Date(NOW.getTime() + offset).toISOString()}, 60)`);

  const quiz = async (organizationId: string, courseId: string | null) =>
    (
      await run(
        sql`insert into quizzes (organization_id, title, course_id) values (${organizationId}, 'Quiz', ${courseId}) returning id`,
      )
    ).rows[0]!.id!;
  const excelQuiz = await quiz(orgA, published);
  const sessionQuiz = await quiz(orgA, null);
  const quizOfB = await quiz(orgB, courseOfB);
  await attempt(orgA, excelQuiz, lea.id, { number: 1, score: 80, passed: true, at: ago(2 * DAY_MS) });
  await attempt(orgA, excelQuiz, hugo.id, { number: 1, score: 40, passed: false, at: ago(DAY_MS) });
  await attempt(orgA, sessionQuiz, lea.id, { number: 1, score: 90, passed: true, at: ago(3 * DAY_MS) });
  // Not counted: an attempt still open, a public respondent's, another organisation's.
  await attempt(orgA, excelQuiz, hugo.id, {
    number: 2,
    score: 0,
    passed: false,
    at: ago(HOUR_MS),
    status: 'in_progress',
  });
  await attempt(orgA, sessionQuiz, hugo.id, {
    number: 1,
    score: 100,
    passed: true,
    at: ago(DAY_MS),
    source: 'public',
  });
  await attempt(orgB, quizOfB, ines.id, { number: 1, score: 100, passed: true, at: ago(DAY_MS) });

  emptyCookie = await createConfirmedUser(world.testApp, {
    email: 'trainer@org-c.example',
    role: 'trainer',
    organizationName: 'Organisme C',
  });
}, 180_000);
afterAll(async () => {
  await world?.close();
});

describe('the trainer dashboard', () => {
  it('counts the organisation’s figures, another organisation’s left out', async () => {
    const dashboard = await get<TrainerDashboard>('trainerA', '/api/trainer/dashboard');
    expect(dashboard.learners).toEqual({ total: 2, active: 1 });
    expect(dashboard.formations).toEqual({ published: 1, draft: 1 });
    expect(dashboard.enrolments).toBe(4);
    // (100 + 40 + 0 + 20) / 4
    expect(dashboard.averageCompletion).toBe(40);
    expect(dashboard.week).toEqual({ seconds: 5400, startsAt: '2026-11-22T23:00:00.000Z' });
    expect(dashboard.pendingQuestions).toBe(2);
    expect(dashboard.upcomingSessions.count).toBe(2);
    expect(dashboard.upcomingSessions.next).toMatchObject({
      title: 'Atelier tableaux croisés',
      meetingDate: new Date(NOW.getTime() + 2 * DAY_MS).toISOString(),
    });
  });

  it('lists the learners whose unfinished formation is untouched for 7 days, idlest first', async () => {
    const { attention } = await get<TrainerDashboard>('trainerA', '/api/trainer/dashboard');
    const { studentA1, studentA2 } = world.users;
    expect(attention.count).toBe(2);
    expect(attention.learners).toEqual([
      // His last session ended 40 days ago plus its 20 minutes: 39 whole days.
      expect.objectContaining({ studentId: studentA2.id, courseId: published, progress: 40, idleDays: 39 }),
      expect.objectContaining({ studentId: studentA1.id, courseId: draft, progress: 0, idleDays: 10 }),
    ]);
  });

  it('counts a learner who signed in within 30 days as active, once the figures are a minute old', async () => {
    const { studentA2: hugo } = world.users;
    const before = await get<TrainerDashboard>('trainerA', '/api/trainer/dashboard');
    await run(sql`insert into sign_in_logs (user_id, organization_id, user_role, created_at)
      values (${hugo.id}, ${orgA}, 'student', ${ago(29 * DAY_MS)})`);
    // Within the minute, the figures computed before are served again, with their time.
    clock = new Date(NOW.getTime() + FIGURES_FRESH_MS - 1);
    try {
      expect(await get<TrainerDashboard>('trainerA', '/api/trainer/dashboard')).toEqual(before);
      expect(before.computedAt).toBe(NOW.toISOString());
      clock = new Date(NOW.getTime() + FIGURES_FRESH_MS);
      const dashboard = await get<TrainerDashboard>('trainerA', '/api/trainer/dashboard');
      expect(dashboard.learners).toEqual({ total: 2, active: 2 });
      expect(dashboard.computedAt).toBe(clock.toISOString());
    } finally {
      clock = NOW;
    }
  });

  it('computes anew after a change by the organisation’s staff, not after a learner’s', async () => {
    const before = await get<TrainerDashboard>('trainerA', '/api/trainer/dashboard');
    clock = new Date(NOW.getTime() + FIGURES_FRESH_MS / 2);
    try {
      const language = await world.call('studentA1', 'PATCH', '/api/auth/preferences', { language: 'fr' });
      expectStatus(language, 200);
      expect((await get<TrainerDashboard>('trainerA', '/api/trainer/dashboard')).computedAt).toBe(
        before.computedAt,
      );
      const created = expectStatus<{ id: string }>(
        await world.call('trainerA', 'POST', '/api/courses', { title: 'Nouvelle formation' }),
        200,
      );
      const after = await get<TrainerDashboard>('trainerA', '/api/trainer/dashboard');
      expect(after.computedAt).toBe(clock.toISOString());
      expect(after.formations.draft).toBe(before.formations.draft + 1);
      expectStatus(await world.call('trainerA', 'DELETE', `/api/courses/${created.id}`), 200);
    } finally {
      clock = NOW;
    }
  });

  it('gives a new organisation zeros and no average', async () => {
    const response = await world.testApp.app.inject({
      method: 'GET',
      url: '/api/trainer/dashboard',
      headers: { cookie: emptyCookie },
    });
    const dashboard = expectStatus<TrainerDashboard>(response, 200);
    expect(dashboard).toMatchObject({
      learners: { total: 0, active: 0 },
      formations: { published: 0, draft: 0 },
      enrolments: 0,
      averageCompletion: null,
      week: { seconds: 0 },
      pendingQuestions: 0,
      upcomingSessions: { count: 0, next: null },
      attention: { count: 0, learners: [] },
    });
  });

  it('shows an admin every organisation, and refuses a learner', async () => {
    const dashboard = await get<TrainerDashboard>('admin', '/api/trainer/dashboard');
    expect(dashboard.learners.total).toBe(3);
    expect(dashboard.pendingQuestions).toBe(3);
    expect(dashboard.upcomingSessions.count).toBe(3);
    expectStatus(await world.call('studentA1', 'GET', '/api/trainer/dashboard'), 403);
  });
});

describe('analytics', () => {
  it('gives the cohort’s outcomes, time and quizzes over 90 days', async () => {
    const analytics = await get<Analytics>('trainerA', '/api/trainer/analytics?period=90d');
    expect(analytics.period).toEqual({
      // 89 days before 26 November, Paris midnight (summer time then).
      from: '2026-08-28T22:00:00.000Z',
      to: '2026-11-26T23:00:00.000Z',
      granularity: 'week',
    });
    expect(analytics.enrolments.total).toBe(4);
    expect(analytics.enrolments.series.reduce((sum, point) => sum + point.value, 0)).toBe(4);
    // Léa completed Excel, Hugo dropped it (40 days without activity), Word is under way for both.
    expect(analytics.outcomes).toEqual({
      learners: 2,
      enrolled: 4,
      completed: 1,
      droppedOut: 1,
      inProgress: 2,
      completionRate: 25,
      dropoutRate: 25,
    });
    expect(analytics.time).toMatchObject({ totalSeconds: 7200, learners: 2 });
    expect(analytics.quizzes).toEqual({ attempts: 3, passed: 2, successRate: 67, averageScore: 70 });
    expect(analytics.satisfaction).toEqual({ responses: 0, averageRating: null });
    expect(analytics.courses).toEqual([
      {
        courseId: published,
        title: 'Excel : les bases',
        organizationName: 'Organisme A',
        enrolled: 2,
        completed: 1,
        droppedOut: 1,
        trackedSeconds: 5400,
        quizAttempts: 2,
        quizPassed: 1,
      },
      expect.objectContaining({
        courseId: draft,
        enrolled: 2,
        completed: 0,
        droppedOut: 0,
        trackedSeconds: 0,
      }),
    ]);
  });

  it('puts each day of 30 days in its own point, in Paris days', async () => {
    const analytics = await get<Analytics>('trainerA', '/api/trainer/analytics?period=30d');
    expect(analytics.period.granularity).toBe('day');
    expect(analytics.enrolments.series).toHaveLength(30);
    expect(analytics.enrolments.series.at(-1)?.bucket).toBe('2026-11-26');
    const time = Object.fromEntries(analytics.time.series.map((point) => [point.bucket, point.value]));
    expect(time).toMatchObject({ '2026-11-26': 3600, '2026-11-23': 1800, '2026-11-22': 600 });
    // Only Word's enrolments are 30 days old or less; none of them is over.
    expect(analytics.outcomes).toMatchObject({ enrolled: 2, completed: 0, droppedOut: 0, inProgress: 2 });
  });

  it('narrows to one formation, and refuses another organisation’s', async () => {
    const analytics = await get<Analytics>(
      'trainerA',
      `/api/trainer/analytics?period=12m&courseId=${published}`,
    );
    expect(analytics.period.granularity).toBe('month');
    expect(analytics.enrolments.series).toHaveLength(12);
    expect(analytics.outcomes).toMatchObject({ enrolled: 2, completed: 1, droppedOut: 1 });
    expect(analytics.time.totalSeconds).toBe(5400);
    expect(analytics.quizzes).toMatchObject({ attempts: 2, passed: 1, successRate: 50 });
    const refused = await world.call('trainerA', 'GET', `/api/trainer/analytics?courseId=${courseOfB}`);
    expect(expectStatus(refused, 404).error.code).toBe('TRAINING_NOT_FOUND');
  });

  it('checks a custom period', async () => {
    const custom = await get<Analytics>(
      'trainerA',
      '/api/trainer/analytics?period=custom&from=2026-11-20&to=2026-11-26',
    );
    expect(custom.enrolments.series.map((point) => point.bucket)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    const missing = await world.call('trainerA', 'GET', '/api/trainer/analytics?period=custom&to=2026-11-26');
    expect(JSON.stringify(expectStatus(missing, 400))).toContain('from');
    const reversed = await world.call(
      'trainerA',
      'GET',
      '/api/trainer/analytics?period=custom&from=2026-11-26&to=2026-11-01',
    );
    expect(JSON.stringify(expectStatus(reversed, 400))).toContain('to');
  });

  it('gives a new organisation empty charts and no rates', async () => {
    const response = await world.testApp.app.inject({
      method: 'GET',
      url: '/api/trainer/analytics',
      headers: { cookie: emptyCookie },
    });
    const analytics = expectStatus<Analytics>(response, 200);
    expect(analytics.enrolments.series).toHaveLength(30);
    expect(analytics.enrolments.series.every((point) => point.value === 0)).toBe(true);
    expect(analytics.outcomes).toMatchObject({ enrolled: 0, completionRate: null, dropoutRate: null });
    expect(analytics.quizzes).toMatchObject({ attempts: 0, successRate: null, averageScore: null });
    expect(analytics.courses).toEqual([]);
  });

  it('serves a period’s analytics again for a minute, each formation’s apart', async () => {
    const { studentB: ines } = world.users;
    const url = '/api/trainer/analytics?period=30d';
    const before = await get<Analytics>('trainerB', url);
    await track(orgB, ines.id, courseOfB, ago(2 * HOUR_MS), 600);
    try {
      clock = new Date(NOW.getTime() + FIGURES_FRESH_MS - 1);
      expect(await get<Analytics>('trainerB', url)).toEqual(before);
      // Another formation filter is another scope: computed now, with the new session.
      const ofCourse = await get<Analytics>('trainerB', `${url}&courseId=${courseOfB}`);
      expect(ofCourse.time.totalSeconds).toBe(before.time.totalSeconds + 600);
      clock = new Date(NOW.getTime() + FIGURES_FRESH_MS);
      expect((await get<Analytics>('trainerB', url)).time.totalSeconds).toBe(before.time.totalSeconds + 600);
    } finally {
      clock = NOW;
      await run(sql`delete from user_time_tracking where user_id = ${ines.id} and duration_seconds = 600`);
    }
  });

  it('exports a chart as a CSV file French Excel opens', async () => {
    const response = await world.call(
      'trainerA',
      'GET',
      '/api/trainer/analytics/export?chart=outcomes&period=90d',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="analytics-outcomes-/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      "\uFEFFFormation;Inscrits sur la période;Terminé;Abandon;En cours;Taux de complétion (%);Taux d'abandon (%)",
    );
    expect(lines).toContain('Excel : les bases;2;1;1;0;50;50');
    expect(lines).toContain('Total;4;1;1;2;25;25');
    const time = await world.call('trainerA', 'GET', '/api/trainer/analytics/export?chart=time&period=30d');
    expect(time.body.split('\r\n')).toContain('2026-11-26;01:00:00;1');
    const bad = await world.call('trainerA', 'GET', '/api/trainer/analytics/export?chart=pie');
    expect(JSON.stringify(expectStatus(bad, 400))).toContain('chart');
  });

  it('passes the organisation, period and formation to the satisfaction source', async () => {
    const asked: unknown[] = [];
    const service = createAnalyticsService({
      database: world.testApp.database,
      now: () => NOW,
      satisfactionOf: async (organizationId, range) => {
        asked.push({ organizationId, range });
        return { responses: 4, averageRating: 4.25 };
      },
    });
    const trainer: SessionUser = {
      id: world.users.trainerA.id,
      email: 'trainer@org-a.example',
      fullName: 'Formateur A',
      firstName: 'Formateur',
      lastName: 'A',
      role: 'trainer',
      organizationId: orgA,
      organizationName: 'Organisme A',
      language: 'fr',
      emailVerified: true,
    };
    const analytics = await service.analytics(trainer, { period: '30d', courseId: published });
    expect(analytics.satisfaction).toEqual({ responses: 4, averageRating: 4.25 });
    expect(asked).toEqual([
      {
        organizationId: orgA,
        range: {
          from: new Date('2026-10-27T23:00:00.000Z'),
          to: new Date('2026-11-26T23:00:00.000Z'),
          courseId: published,
        },
      },
    ]);
  });
});

describe('public results indicators', () => {
  it('publishes only what the organisation chose, with the period and no one’s name', async () => {
    const before = await get<IndicatorSettings>('trainerA', '/api/trainer/analytics/indicators');
    expect(before).toMatchObject({
      organizationId: orgA,
      isPublished: false,
      indicators: [],
      snapshot: null,
    });
    expectStatus(await world.call(null, 'GET', `/api/indicators/${orgA}`), 404);

    const saved = expectStatus<IndicatorSettings>(
      await world.call('trainerA', 'PUT', '/api/trainer/analytics/indicators', {
        isPublished: true,
        indicators: ['satisfaction', 'completionRate', 'learnersTrained'],
      }),
      200,
    );
    expect(saved.indicators).toEqual(['learnersTrained', 'completionRate', 'satisfaction']);
    expect(saved.snapshot).toEqual({
      periodFrom: '2025-11-30T23:00:00.000Z',
      periodTo: '2026-11-26T23:00:00.000Z',
      computedAt: NOW.toISOString(),
      figures: {
        learnersTrained: 2,
        completionRate: 25,
        dropoutRate: 25,
        satisfaction: { responses: 0, averageRating: null },
        quizSuccessRate: 67,
        trainingHours: 2,
      },
    });

    const response = await world.call(null, 'GET', `/api/indicators/${orgA}`);
    const page = expectStatus<PublicIndicators>(response, 200);
    expect(page).toEqual({
      organizationName: 'Organisme A',
      periodFrom: '2025-11-30T23:00:00.000Z',
      periodTo: '2026-11-26T23:00:00.000Z',
      computedAt: NOW.toISOString(),
      indicators: [
        { key: 'learnersTrained', value: 2 },
        { key: 'completionRate', value: 25 },
        { key: 'satisfaction', value: { responses: 0, averageRating: null } },
      ],
    });
    expect(response.body).not.toContain('lea@');
    expect(response.body).not.toContain(world.users.studentA1.id);
  });

  it('keeps each organisation to its own settings, and learners out', async () => {
    const other = await get<IndicatorSettings>('trainerB', '/api/trainer/analytics/indicators');
    expect(other).toMatchObject({ organizationId: orgB, isPublished: false, snapshot: null });
    expectStatus(await world.call(null, 'GET', `/api/indicators/${orgB}`), 404);
    const learner = await world.call('studentA1', 'PUT', '/api/trainer/analytics/indicators', {
      isPublished: false,
      indicators: [],
    });
    expectStatus(learner, 403);
    const unknown = await world.call('trainerA', 'PUT', '/api/trainer/analytics/indicators', {
      isPublished: true,
      indicators: ['revenue'],
    });
    expect(JSON.stringify(expectStatus(unknown, 400))).toContain('indicators');
  });

  it('rate limits the public page per address', async () => {
    const read = () =>
      world.testApp.app.inject({
        method: 'GET',
        url: `/api/indicators/${orgA}`,
        remoteAddress: '203.0.113.99',
      });
    for (let index = 0; index < 60; index += 1) expect((await read()).statusCode).toBe(200);
    expect(expectStatus(await read(), 429).error.code).toBe('RATE_LIMITED');
  });
});
