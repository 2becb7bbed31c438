import type { AdminTrainerDetail, AdminTrainerList, TrainerDetail, TrainerList } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { courses } from '../courses/courses.tables.ts';
import { profiles, userRoles } from '../organizations/organizations.tables.ts';

let world: CoursesWorld;

beforeAll(async () => {
  world = await createCoursesWorld();
  await world.testApp.database.db.insert(courses).values({
    organizationId: world.users.trainerB.organizationId!,
    title: 'Sécurité incendie',
    createdBy: world.users.trainerB.id,
  });
});
afterAll(() => world.close());

describe("the admin's trainers (/admin/trainers)", () => {
  it("lists every organisation's staff with their organisation, before either team was ever read", async () => {
    const list = expectStatus<AdminTrainerList>(await world.call('admin', 'GET', '/api/admin/trainers'), 200);
    expect(list.items.map((row) => [row.email, row.organization.name]).sort()).toEqual([
      ['trainer@org-a.example', 'Organisme A'],
      ['trainer@org-b.example', 'Organisme B'],
    ]);
    const b = list.items.find((row) => row.id === world.users.trainerB.id);
    expect(b?.courses.map((course) => course.title)).toEqual(['Sécurité incendie']);
  });

  it('reads each account’s role as sign-in does, its role row first, in the list of every organisation', async () => {
    // SPEC 6: user_roles decides over the profile. A learner whose row says trainer is staff, a
    // trainer whose row says student is not; the list of every organisation reads them otherwise
    // than one organisation's (isStaffAnywhere), so both cases are checked there.
    const { db } = world.testApp.database;
    const roleOf = (id: string, role: 'student' | 'trainer') =>
      db.update(userRoles).set({ role }).where(eq(userRoles.userId, id));
    await roleOf(world.users.studentB.id, 'trainer');
    await roleOf(world.users.trainerA.id, 'student');
    try {
      const list = expectStatus<AdminTrainerList>(
        await world.call('admin', 'GET', '/api/admin/trainers'),
        200,
      );
      expect(list.items.map((row) => row.id).sort()).toEqual(
        [world.users.studentB.id, world.users.trainerB.id].sort(),
      );
      expect(list.total).toBe(2);
    } finally {
      await roleOf(world.users.studentB.id, 'student');
      await roleOf(world.users.trainerA.id, 'trainer');
    }
  });

  it('filters by organisation and searches', async () => {
    const b = expectStatus<AdminTrainerList>(
      await world.call(
        'admin',
        'GET',
        `/api/admin/trainers?organizationId=${world.users.trainerB.organizationId}`,
      ),
      200,
    );
    expect(b.items.map((row) => row.id)).toEqual([world.users.trainerB.id]);
    const none = expectStatus<AdminTrainerList>(
      await world.call('admin', 'GET', '/api/admin/trainers?search=nobody'),
      200,
    );
    expect(none.total).toBe(0);
    expect((await world.call('admin', 'GET', '/api/admin/trainers?pageSize=500')).statusCode).toBe(400);
  });

  it("keeps another organisation's staff out of one organisation's list, searched and paged", async () => {
    // The organisation page's trainers tab reads this list filtered by organisation.
    const a = world.users.trainerA.organizationId;
    const list = (query: string) =>
      world
        .call('admin', 'GET', `/api/admin/trainers?${query}`)
        .then((response) => expectStatus<AdminTrainerList>(response, 200));
    const own = await list(`organizationId=${a}`);
    expect(own.items).toEqual([
      expect.objectContaining({
        id: world.users.trainerA.id,
        invitationPending: false,
        organization: expect.objectContaining({ id: a }),
        // Signed in to build the world.
        lastSignInAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      }),
    ]);
    expect((await list(`organizationId=${a}&search=org-b`)).total).toBe(0);
    expect((await list(`organizationId=${a}&search=TRAINER@ORG-A`)).items.map((row) => row.id)).toEqual([
      world.users.trainerA.id,
    ]);
    const first = await list('pageSize=1');
    const second = await list('pageSize=1&page=2');
    expect([first.total, first.items.length, second.items.length]).toEqual([2, 1, 1]);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
  });

  it("reads any organisation's trainer's record, read only, with its organisation", async () => {
    const record = expectStatus<AdminTrainerDetail>(
      await world.call('admin', 'GET', `/api/admin/trainers/${world.users.trainerB.id}`),
      200,
    );
    expect(record).toMatchObject({
      email: 'trainer@org-b.example',
      // The founder manages their organisation (the team's row is made on the first read).
      organizationRole: 'manager',
      canEdit: false,
      canManage: false,
      organization: { id: world.users.trainerB.organizationId, name: 'Organisme B' },
    });
    for (const id of [world.users.studentA1.id, 'nobody'])
      expect((await world.call('admin', 'GET', `/api/admin/trainers/${id}`)).json().error.code).toBe(
        'TRAINER_NOT_FOUND',
      );
  });

  it('says which of a team is a platform administrator placed in the organisation', async () => {
    // SPEC 6 counts an admin placed in an organisation among its staff: the team lists them with a
    // role there, and says they administer the platform (the demo's Claire, placed in its organisation).
    const { db } = world.testApp.database;
    const a = world.users.trainerA.organizationId!;
    const admin = world.users.admin.id;
    // The world's admin is one by ADMIN_EMAILS; the demo's Claire by her role row, as here.
    const [before] = await db.select().from(userRoles).where(eq(userRoles.userId, admin));
    const placeAdmin = async (organizationId: string | null, role: string | undefined) => {
      await db.update(profiles).set({ organizationId }).where(eq(profiles.id, admin));
      await db.delete(userRoles).where(eq(userRoles.userId, admin));
      if (role) await db.insert(userRoles).values({ userId: admin, role });
    };
    await placeAdmin(a, 'admin');
    try {
      const flags = (items: { id: string; platformAdmin: boolean }[]) =>
        Object.fromEntries(items.map((row) => [row.id, row.platformAdmin]));
      const expected = { [admin]: true, [world.users.trainerA.id]: false };
      const platform = expectStatus<AdminTrainerList>(
        await world.call('admin', 'GET', `/api/admin/trainers?organizationId=${a}`),
        200,
      );
      expect(flags(platform.items)).toEqual(expected);
      const team = expectStatus<TrainerList>(
        await world.call('trainerA', 'GET', '/api/trainer/trainers'),
        200,
      );
      expect(flags(team.items)).toEqual(expected);
      const record = expectStatus<TrainerDetail>(
        await world.call('trainerA', 'GET', `/api/trainer/trainers/${admin}`),
        200,
      );
      expect(record.platformAdmin).toBe(true);
      const colleague = expectStatus<AdminTrainerDetail>(
        await world.call('admin', 'GET', `/api/admin/trainers/${world.users.trainerA.id}`),
        200,
      );
      expect(colleague.platformAdmin).toBe(false);
    } finally {
      await placeAdmin(null, before?.role);
    }
  });

  it('refuses trainers and learners', async () => {
    for (const person of ['trainerA', 'studentA1'] as const) {
      expect((await world.call(person, 'GET', '/api/admin/trainers')).statusCode).toBe(403);
      expect(
        (await world.call(person, 'GET', `/api/admin/trainers/${world.users.trainerB.id}`)).statusCode,
      ).toBe(403);
    }
  });
});
