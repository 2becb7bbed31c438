import { randomUUID } from 'node:crypto';
import type { MyDashboard } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../../../test/courses-world.ts';
import {
  createEnrolledCourse,
  offlineSession,
  useTimeTrackingWorld,
} from '../../../test/time-tracking-world.ts';
import { courseEnrollments } from '../courses/courses.tables.ts';
import { parisDaysIntoWeek } from './paris-calendar.ts';
import { buildRecommendations, expectedSecondsByNow } from './recommendations.ts';

// Lesson completions are dated by the database, so the simulated clock starts at the real time.
const world = useTimeTrackingWorld(new Date(), { keepRecords: true });
const DAY = 24 * 3600_000;
const courseIds: Record<string, string> = {};

/** A formation of `lessonCount` lessons, the first `complete` of them completed by Léa. */
async function createCourse(title: string, lessonCount: number, complete: number) {
  const { course, lessonIds } = await createEnrolledCourse(world, title, lessonCount);
  for (const lessonId of lessonIds.slice(0, complete)) {
    expectStatus(
      await world.call(
        'studentA1',
        'POST',
        `/api/learning/courses/${course.id}/lessons/${lessonId}/complete`,
      ),
      200,
    );
  }
  courseIds[title] = course.id;
}

beforeAll(async () => {
  await createCourse('Untouched', 2, 0);
  await createCourse('New', 2, 0);
  await createCourse('Almost', 5, 4);
  await createCourse('Done', 1, 1);
  await createCourse('Read lately', 2, 0);
  // Enrolled ten days ago and never opened since.
  for (const title of ['Untouched', 'Read lately']) {
    await world.testApp.database.db
      .update(courseEnrollments)
      .set({ createdAt: new Date(world.clock.getTime() - 10 * DAY) })
      .where(eq(courseEnrollments.courseId, courseIds[title]!));
  }
  // Two days ago the learner spent an hour on 'Read lately' without completing a lesson.
  const start = new Date(world.clock.getTime() - 2 * DAY);
  expectStatus(
    await world.syncOffline([
      offlineSession(
        start.toISOString(),
        new Date(start.getTime() + 3600_000).toISOString(),
        3600,
        courseIds['Read lately'],
      ),
    ]),
    200,
  );
});

describe("'Mon Suivi' dashboard", () => {
  it('shows active and completed formations, the progression score and the weekly goal', async () => {
    const dashboard = expectStatus<MyDashboard>(
      await world.call('studentA1', 'GET', '/api/time-tracking/dashboard'),
      200,
    );
    expect(dashboard.activeCourses.map((course) => course.title).sort()).toEqual([
      'Almost',
      'New',
      'Read lately',
      'Untouched',
    ]);
    expect(dashboard.completedCourses.map((course) => course.title)).toEqual(['Done']);
    // Mean of 0, 0, 80, 100, 0.
    expect(dashboard.progressionScore).toBe(36);
    expect(dashboard.time.totalSeconds).toBe(3600);
    expect(dashboard.weeklyGoal).toMatchObject({
      goalHours: 20,
      goalSeconds: 72_000,
      expectedSecondsByNow: expectedSecondsByNow(72_000, parisDaysIntoWeek(world.clock)),
    });
    const readLately = dashboard.activeCourses.find((course) => course.title === 'Read lately')!;
    expect(Date.parse(readLately.lastActivityAt!)).toBe(world.clock.getTime() - 2 * DAY + 3600_000);
  });

  it('recommends by priority with the documented rules', async () => {
    const dashboard = expectStatus<MyDashboard>(
      await world.call('studentA1', 'GET', '/api/time-tracking/dashboard'),
      200,
    );
    const byCourse = dashboard.recommendations.filter((item) => item.courseTitle);
    expect(byCourse.map((item) => [item.priority, item.rule, item.courseTitle])).toEqual([
      ['high', 'formation_untouched', 'Untouched'],
      ['medium', 'formation_not_started', 'New'],
      ['low', 'formation_almost_complete', 'Almost'],
    ]);
    expect(byCourse[0]!.value).toBe(10);
    const behind = dashboard.recommendations.find((item) => item.rule === 'weekly_goal_behind');
    expect(Boolean(behind)).toBe(
      dashboard.weeklyGoal.doneSeconds < dashboard.weeklyGoal.expectedSecondsByNow,
    );
    const ranks = dashboard.recommendations.map((item) => ['high', 'medium', 'low'].indexOf(item.priority));
    expect(ranks).toEqual([...ranks].sort());
  });

  it("reads the organisation's weekly goal, and the time of a learner without any formation", async () => {
    expectStatus(
      await world.call('trainerA', 'PUT', '/api/time-tracking/settings', { weeklyGoalHours: 12 }),
      200,
    );
    const start = new Date(world.clock.getTime() - 3 * DAY);
    expectStatus(
      await world.syncOffline(
        [offlineSession(start.toISOString(), new Date(start.getTime() + 1800_000).toISOString(), 1800)],
        'studentA2',
      ),
      200,
    );
    // Léa's time comes with her formations, in their statement; Hugo has none, so his comes alone.
    const lea = expectStatus<MyDashboard>(
      await world.call('studentA1', 'GET', '/api/time-tracking/dashboard'),
      200,
    );
    expect(lea.time.totalSeconds).toBe(3600);
    expect(lea.weeklyGoal.goalHours).toBe(12);
    const hugo = expectStatus<MyDashboard>(
      await world.call('studentA2', 'GET', '/api/time-tracking/dashboard'),
      200,
    );
    expect(hugo).toMatchObject({ activeCourses: [], completedCourses: [], progressionScore: 0 });
    expect(hugo.time.totalSeconds).toBe(1800);
    expect(hugo.weeklyGoal.goalHours).toBe(12);
  });

  it('is for students of an organisation only', async () => {
    expect((await world.call('trainerA', 'GET', '/api/time-tracking/dashboard')).statusCode).toBe(403);
    expect((await world.call('loneStudent', 'GET', '/api/time-tracking/dashboard')).json().error.code).toBe(
      'NO_ORGANIZATION',
    );
  });
});

describe('recommendation rules', () => {
  const now = new Date('2026-01-15T12:00:00Z');
  const course = (overrides: object) => ({
    courseId: randomUUID(),
    title: 'F',
    progress: 10,
    completedLessons: 1,
    totalLessons: 10,
    lastActivityAt: '2026-01-14T12:00:00Z',
    enrolledAt: '2026-01-01T00:00:00Z',
    ...overrides,
  });

  it('flags a formation untouched for 7 days as high, counting from enrolment when nothing happened', () => {
    const six = buildRecommendations({
      activeCourses: [course({ lastActivityAt: '2026-01-08T13:00:00Z' })],
      weekSeconds: 0,
      goalSeconds: 72_000,
      daysIntoWeek: 0,
      now,
    });
    expect(six).toEqual([]);
    const seven = buildRecommendations({
      activeCourses: [course({ lastActivityAt: '2026-01-08T12:00:00Z' })],
      weekSeconds: 0,
      goalSeconds: 72_000,
      daysIntoWeek: 0,
      now,
    });
    expect(seven.map((item) => [item.rule, item.priority, item.value])).toEqual([
      ['formation_untouched', 'high', 7],
    ]);
    const never = buildRecommendations({
      activeCourses: [course({ progress: 0, lastActivityAt: null, enrolledAt: '2025-12-01T00:00:00Z' })],
      weekSeconds: 0,
      goalSeconds: 72_000,
      daysIntoWeek: 0,
      now,
    });
    expect(never[0]?.rule).toBe('formation_untouched');
  });

  it('is behind the weekly goal when under its share of the days past (Thursday: 3/7)', () => {
    const thursday = { activeCourses: [course({})], goalSeconds: 70_000, daysIntoWeek: 3, now };
    expect(buildRecommendations({ ...thursday, weekSeconds: 30_000 })).toEqual([]);
    expect(buildRecommendations({ ...thursday, weekSeconds: 29_999 })).toEqual([
      { rule: 'weekly_goal_behind', priority: 'medium', courseId: null, courseTitle: null, value: 1 },
    ]);
    expect(buildRecommendations({ ...thursday, daysIntoWeek: 0, weekSeconds: 0 })).toEqual([]);
    // Every formation finished, or none yet: nothing to catch up on.
    expect(buildRecommendations({ ...thursday, activeCourses: [], weekSeconds: 0 })).toEqual([]);
  });

  it('suggests finishing a formation at 80 % or more as low', () => {
    expect(
      buildRecommendations({
        activeCourses: [course({ progress: 79 })],
        weekSeconds: 0,
        goalSeconds: 1,
        daysIntoWeek: 0,
        now,
      }),
    ).toEqual([]);
    expect(
      buildRecommendations({
        activeCourses: [course({ progress: 80 })],
        weekSeconds: 0,
        goalSeconds: 1,
        daysIntoWeek: 0,
        now,
      })[0],
    ).toMatchObject({ rule: 'formation_almost_complete', priority: 'low', value: 80 });
  });
});
