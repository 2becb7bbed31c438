import type { AdminLearnerList, AdminLearnerRecord, LearnerList } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';

let world: CoursesWorld;

beforeAll(async () => {
  world = await createCoursesWorld();
});
afterAll(() => world.close());

describe("the admin's learners (/admin/students)", () => {
  it("lists every organisation's learners with their organisation, never one waiting for a place", async () => {
    const list = expectStatus<AdminLearnerList>(await world.call('admin', 'GET', '/api/admin/learners'), 200);
    expect(list.total).toBe(3);
    expect(list.items.map((row) => [row.email, row.organization.name]).sort()).toEqual([
      ['hugo@org-a.example', 'Organisme A'],
      ['ines@org-b.example', 'Organisme B'],
      ['lea@org-a.example', 'Organisme A'],
    ]);
    expect(list.items[0]).toMatchObject({ courses: [], progress: null });
  });

  it('filters by organisation, searches and pages', async () => {
    const b = expectStatus<AdminLearnerList>(
      await world.call(
        'admin',
        'GET',
        `/api/admin/learners?organizationId=${world.users.trainerB.organizationId}`,
      ),
      200,
    );
    expect(b.items.map((row) => row.id)).toEqual([world.users.studentB.id]);
    const searched = expectStatus<AdminLearnerList>(
      await world.call('admin', 'GET', '/api/admin/learners?search=lea&pageSize=1'),
      200,
    );
    expect(searched).toMatchObject({ total: 1, pageSize: 1 });
    const bad = await world.call('admin', 'GET', '/api/admin/learners?organizationId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('organizationId');
  });

  it("keeps another organisation's learners out of one organisation's list, searched and paged", async () => {
    // The organisation page's learners tab reads this list filtered by organisation.
    const a = world.users.trainerA.organizationId;
    const list = (query: string) =>
      world
        .call('admin', 'GET', `/api/admin/learners?${query}`)
        .then((response) => expectStatus<AdminLearnerList>(response, 200));
    const own = await list(`organizationId=${a}`);
    expect(own.items.map((row) => row.email).sort()).toEqual(['hugo@org-a.example', 'lea@org-a.example']);
    expect(own.items[0]).toMatchObject({
      courses: [],
      progress: null,
      joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await list(`organizationId=${a}&search=ines`)).total).toBe(0);
    const first = await list(`organizationId=${a}&pageSize=1`);
    const second = await list(`organizationId=${a}&pageSize=1&page=2`);
    // The world's accounts share one name: the order between them is their id's, each on one page.
    expect([first.total, second.total, second.page]).toEqual([2, 2, 2]);
    expect([...first.items, ...second.items].map((row) => row.email).sort()).toEqual([
      'hugo@org-a.example',
      'lea@org-a.example',
    ]);
  });

  it("reads any organisation's learner's record, with its organisation", async () => {
    const record = expectStatus<AdminLearnerRecord>(
      await world.call('admin', 'GET', `/api/admin/learners/${world.users.studentB.id}`),
      200,
    );
    expect(record.identity.email).toBe('ines@org-b.example');
    expect(record.organization).toEqual({ id: world.users.trainerB.organizationId, name: 'Organisme B' });
    // A trainer's id or an unknown one: not a learner.
    for (const id of [world.users.trainerA.id, 'nobody'])
      expect((await world.call('admin', 'GET', `/api/admin/learners/${id}`)).json().error.code).toBe(
        'USER_NOT_FOUND',
      );
  });

  it('refuses trainers and learners, and keeps the trainer list to their organisation', async () => {
    for (const person of ['trainerA', 'studentA1'] as const) {
      expect((await world.call(person, 'GET', '/api/admin/learners')).statusCode).toBe(403);
      expect(
        (await world.call(person, 'GET', `/api/admin/learners/${world.users.studentB.id}`)).statusCode,
      ).toBe(403);
    }
    const own = expectStatus<LearnerList>(await world.call('trainerA', 'GET', '/api/learners'), 200);
    expect(own.items.map((row) => row.email).sort()).toEqual(['hugo@org-a.example', 'lea@org-a.example']);
    expect(own.items[0]).not.toHaveProperty('organization');
  });
});
