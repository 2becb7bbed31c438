import { type Badge, type MyAchievements, SYSTEM_BADGES } from '@cursus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ENGINE } from '../../../test/helper.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { userTotalTime } from '../time-tracking/time-tracking.tables.ts';
import { badges, userBadges } from './achievements.tables.ts';

let world: CoursesWorld;

beforeAll(async () => {
  world = await createCoursesWorld();
});
afterAll(() => world.close());

const db = () => world.testApp.database.db;
const achievements = () => world.testApp.modules.achievements.service;
const user = (person: Person) => world.users[person];
const evaluate = (
  person: Person,
  criterion: Parameters<ReturnType<typeof achievements>['evaluate']>[0]['criterion'],
) =>
  achievements().evaluate({
    organizationId: user(person).organizationId!,
    userId: user(person).id,
    criterion,
  });

async function earnedKeys(person: Person): Promise<string[]> {
  const rows = await db()
    .select({ key: sql<string>`coalesce(${badges.systemKey}, ${badges.name})` })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(eq(userBadges.userId, user(person).id));
  return rows.map((row) => row.key).sort();
}

async function achievementNotifications(person: Person) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user(person).id), eq(notifications.type, 'achievement')));
}

const listBadges = async (person: Person = 'trainerA') =>
  expectStatus<{ items: Badge[] }>(await world.call(person, 'GET', '/api/trainer/badges'), 200).items;

describe(`badges on ${ENGINE} (SPEC 3)`, () => {
  it('gives every organisation the system badges, with every criterion and rarity', async () => {
    const items = await listBadges();
    expect(items.map((badge) => badge.systemKey).sort()).toEqual(
      SYSTEM_BADGES.map((badge) => badge.systemKey).sort(),
    );
    for (const badge of SYSTEM_BADGES) {
      expect(items.find((item) => item.systemKey === badge.systemKey)).toMatchObject({
        criterion: badge.criterion,
        threshold: badge.threshold,
        rarity: badge.rarity,
        isActive: true,
      });
    }
    expect(await listBadges('trainerB')).toHaveLength(SYSTEM_BADGES.length);
  });

  it("awards first_login at a learner's first sign-in, with an achievement notification", async () => {
    expect(await earnedKeys('studentA1')).toEqual(['first_login']);
    const [notification] = await achievementNotifications('studentA1');
    expect(notification).toMatchObject({
      notificationType: 'achievement',
      actionUrl: '/achievements',
      metadata: { systemKey: 'first_login', rarity: 'common', criterion: 'login', threshold: 1 },
    });
    // A trainer's sign-ins earn nothing.
    expect(
      await db()
        .select()
        .from(userBadges)
        .where(eq(userBadges.userId, user('trainerA').id)),
    ).toEqual([]);
  });

  it('awards time_spent badges from the tracked totals, never twice', async () => {
    await db()
      .insert(userTotalTime)
      .values({
        userId: user('studentA2').id,
        organizationId: user('studentA2').organizationId!,
        totalTimeSeconds: 59 * 60,
      });
    await evaluate('studentA2', 'time_spent');
    expect(await earnedKeys('studentA2')).toEqual(['first_login']);
    await db()
      .update(userTotalTime)
      .set({ totalTimeSeconds: 601 * 60 })
      .where(eq(userTotalTime.userId, user('studentA2').id));
    await evaluate('studentA2', 'time_spent');
    await evaluate('studentA2', 'time_spent');
    expect(await earnedKeys('studentA2')).toEqual(['first_hour', 'first_login', 'ten_hours']);
    expect(await achievementNotifications('studentA2')).toHaveLength(3);
  });

  it('awards a badge once when events race', async () => {
    const created = expectStatus<Badge>(
      await world.call('trainerB', 'POST', '/api/trainer/badges', {
        name: 'Toujours là',
        criterion: 'login',
        threshold: 1,
        rarity: 'uncommon',
      }),
      200,
    );
    await Promise.all(Array.from({ length: 8 }, () => evaluate('studentB', 'login')));
    const awards = await db().select().from(userBadges).where(eq(userBadges.badgeId, created.id));
    expect(awards).toHaveLength(1);
    const announced = (await achievementNotifications('studentB')).filter(
      (row) => row.metadata?.badgeId === created.id,
    );
    expect(announced).toHaveLength(1);
  });

  it('awards course_completion when a learner completes a formation', async () => {
    const call = world.call;
    const course = expectStatus(
      await call('trainerA', 'POST', '/api/courses', { title: 'Gestes et postures' }),
      200,
    );
    const module = expectStatus(
      await call('trainerA', 'POST', `/api/courses/${course.id}/modules`, { title: 'Bases' }),
      200,
    );
    const lesson = expectStatus(
      await call('trainerA', 'POST', `/api/courses/${course.id}/modules/${module.id}/lessons`, {
        title: 'Porter une charge',
        content: { type: 'text', html: '<p>Dos droit.</p>' },
      }),
      200,
    );
    expectStatus(await call('trainerA', 'POST', `/api/courses/${course.id}/publish`), 200);
    expectStatus(
      await call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
        studentIds: [user('studentA1').id],
      }),
      200,
    );
    expectStatus(
      await call('studentA1', 'POST', `/api/learning/courses/${course.id}/lessons/${lesson.id}/complete`),
      200,
    );
    expect(await earnedKeys('studentA1')).toEqual(['first_course', 'first_login']);
  });

  it('counts quizzes passed and attended sessions (none yet) without failing', async () => {
    await evaluate('studentA1', 'quiz_success');
    await evaluate('studentA1', 'attendance');
    expect(await earnedKeys('studentA1')).toEqual(['first_course', 'first_login']);
  });

  it("shows the learner their badges, trophies' rarities and progress towards the next", async () => {
    const mine = expectStatus<MyAchievements>(await world.call('studentA2', 'GET', '/api/achievements'), 200);
    const earned = mine.badges.filter((badge) => badge.awardedAt !== null).map((badge) => badge.systemKey);
    expect(earned.sort()).toEqual(['first_hour', 'first_login', 'ten_hours']);
    const time = mine.progress.find((entry) => entry.criterion === 'time_spent')!;
    expect(time.value).toBe(601);
    expect(mine.badges.find((badge) => badge.id === time.next?.badgeId)?.systemKey).toBe('fifty_hours');
    expect(mine.progress.find((entry) => entry.criterion === 'attendance')).toMatchObject({ value: 0 });
    expect(mine.badges.find((badge) => badge.systemKey === 'hundred_hours')?.rarity).toBe('legendary');
    expectStatus(await world.call('trainerA', 'GET', '/api/achievements'), 403);
  });
});

describe(`trainer-defined badges on ${ENGINE}`, () => {
  it('creates, edits and deletes an organisation badge of each rarity', async () => {
    for (const rarity of ['legendary', 'rare', 'uncommon', 'common'] as const) {
      const badge = expectStatus<Badge>(
        await world.call('trainerA', 'POST', '/api/trainer/badges', {
          name: `Badge ${rarity}`,
          criterion: 'time_spent',
          threshold: 90_000,
          rarity,
        }),
        200,
      );
      expect(badge).toMatchObject({ rarity, systemKey: null, isActive: true });
      const edited = expectStatus<Badge>(
        await world.call('trainerA', 'PATCH', `/api/trainer/badges/${badge.id}`, {
          threshold: 120,
          isActive: false,
        }),
        200,
      );
      expect(edited).toMatchObject({ threshold: 120, isActive: false });
      expectStatus(await world.call('trainerA', 'DELETE', `/api/trainer/badges/${badge.id}`), 200);
    }
  });

  it('lets a system badge be switched off, never renamed or deleted', async () => {
    const system = (await listBadges()).find((badge) => badge.systemKey === 'loyal_login')!;
    expectStatus(
      await world.call('trainerA', 'PATCH', `/api/trainer/badges/${system.id}`, { name: 'Autre' }),
      403,
    );
    expectStatus(await world.call('trainerA', 'DELETE', `/api/trainer/badges/${system.id}`), 403);
    expect(
      expectStatus<Badge>(
        await world.call('trainerA', 'PATCH', `/api/trainer/badges/${system.id}`, { isActive: false }),
        200,
      ).isActive,
    ).toBe(false);
  });

  it("answers another organisation's badge like an unknown one", async () => {
    const theirs = (await listBadges('trainerB'))[0]!;
    for (const [method, payload] of [
      ['PATCH', { isActive: false }],
      ['DELETE', undefined],
    ] as const) {
      const response = await world.call('trainerA', method, `/api/trainer/badges/${theirs.id}`, payload);
      expect(expectStatus(response, 404).error.code).toBe('NOT_FOUND');
    }
    expect((await listBadges('trainerA')).some((badge) => badge.id === theirs.id)).toBe(false);
  });

  it('refuses malformed input with 400, never 5xx, and learners with 403', async () => {
    for (const payload of [
      { name: 'X', criterion: 'nope', threshold: 1, rarity: 'common' },
      { name: 'X', criterion: 'login', threshold: 0, rarity: 'common' },
      { name: 'X', criterion: 'login', threshold: 1, rarity: 'mythic' },
      { name: '', criterion: 'login', threshold: 1, rarity: 'common' },
      { name: 'X', criterion: 'login', threshold: 1.5, rarity: 'common' },
      [1, 2],
    ]) {
      expectStatus(await world.call('trainerA', 'POST', '/api/trainer/badges', payload), 400);
    }
    expectStatus(
      await world.call('trainerA', 'PATCH', '/api/trainer/badges/not-a-uuid', { isActive: true }),
      400,
    );
    expectStatus(await world.call('studentA1', 'GET', '/api/trainer/badges'), 403);
    expectStatus(await world.call(null, 'GET', '/api/achievements'), 401);
  });
});
