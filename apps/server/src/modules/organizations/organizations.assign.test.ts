import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, ORIGIN, type TestApp } from '../../../test/helper.ts';
import { profiles } from './organizations.tables.ts';

let testApp: TestApp;
let trainerA: string;
let trainerB: string;

const assign = (cookie: string, email: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/organizations/assign-student',
    headers: { ...ORIGIN, cookie },
    payload: { email },
  });

beforeAll(async () => {
  testApp = await createTestApp();
  trainerA = await createConfirmedUser(testApp, { email: 'trainer@assign-a.example', role: 'trainer' });
  trainerB = await createConfirmedUser(testApp, { email: 'trainer@assign-b.example', role: 'trainer' });
  await createConfirmedUser(testApp, { email: 'placed@assign-b.example' });
  expect((await assign(trainerB, 'placed@assign-b.example')).statusCode).toBe(200);
});
afterAll(() => testApp.close());

describe('POST /api/organizations/assign-student', () => {
  it('refuses in one way, whether the address is unknown, not a student, or already placed', async () => {
    const refusals = await Promise.all(
      [
        'nobody@assign.example', // no account
        'trainer@assign-b.example', // a trainer
        'placed@assign-b.example', // a student of another organisation
      ].map((email) => assign(trainerA, email)),
    );
    const shapes = refusals.map((response) => ({ status: response.statusCode, body: response.json() }));
    expect(shapes[0]).toEqual({
      status: 404,
      body: { error: { code: 'STUDENT_NOT_ASSIGNABLE', message: expect.any(String) } },
    });
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
  });

  it('places a learner claimed by two organisations at once in exactly one of them', async () => {
    const email = 'wanted@assign.example';
    await createConfirmedUser(testApp, { email });
    const [byA, byB] = await Promise.all([assign(trainerA, email), assign(trainerB, email)]);
    const statuses = [byA.statusCode, byB.statusCode].sort();
    expect(statuses).toEqual([200, 404]);
    const winner = byA.statusCode === 200 ? byA : byB;
    const [profile] = await testApp.database.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile?.organizationId).toBe(winner.json().organizationId);
  });

  it('gives the learner to one organisation when the service is asked twice at the same moment', async () => {
    const email = 'contested@assign.example';
    await createConfirmedUser(testApp, { email });
    const service = testApp.modules.organizations.service;
    const actorOf = async (cookie: string) => {
      const session = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie },
      });
      return session.json().user;
    };
    const [actorA, actorB] = await Promise.all([actorOf(trainerA), actorOf(trainerB)]);
    const outcomes = await Promise.allSettled([
      service.assignStudent(actorA, { email }),
      service.assignStudent(actorB, { email }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'STUDENT_NOT_ASSIGNABLE' });
  });

  it('limits the refusals a trainer can collect, never counting the learners placed', async () => {
    const trainer = await createConfirmedUser(testApp, { email: 'prober@assign.example', role: 'trainer' });
    for (const index of [0, 1, 2])
      await createConfirmedUser(testApp, { email: `class${index}@assign.example` });
    for (let attempt = 0; attempt < 19; attempt++) {
      expect((await assign(trainer, `probe${attempt}@assign.example`)).statusCode).toBe(404);
    }
    // Placing learners never uses up the allowance (a trainer may place a whole class).
    for (const index of [0, 1, 2]) {
      expect((await assign(trainer, `class${index}@assign.example`)).statusCode).toBe(200);
    }
    expect((await assign(trainer, 'probe19@assign.example')).statusCode).toBe(404);
    const limited = await assign(trainer, 'probe20@assign.example');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    // Other trainers are counted on their own.
    expect((await assign(trainerA, 'probe20@assign.example')).statusCode).toBe(404);
  });

  it('takes parallel probes into account too', async () => {
    const trainer = await createConfirmedUser(testApp, { email: 'burst@assign.example', role: 'trainer' });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => assign(trainer, `burst${index}@assign.example`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});
