import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createConfirmedUser,
  createTestApp,
  ORIGIN,
  signIn,
  type TestApp,
} from '../../../test/helper.ts';

let testApp: TestApp;
let trainerA: string;
let trainerB: string;
let studentA: string;

async function assign(trainerCookie: string, email: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/organizations/assign-student',
    headers: { ...ORIGIN, cookie: trainerCookie },
    payload: { email },
  });
  expect(response.statusCode).toBe(200);
}

function listStudents(cookie: string, query = '') {
  return testApp.app.inject({
    method: 'GET',
    url: `/api/organizations/students${query}`,
    headers: { cookie },
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  trainerA = await createConfirmedUser(testApp, {
    email: 'trainer@org-a.example',
    role: 'trainer',
    organizationName: 'A',
  });
  trainerB = await createConfirmedUser(testApp, {
    email: 'trainer@org-b.example',
    role: 'trainer',
    organizationName: 'B',
  });
  for (const [email, firstName, lastName] of [
    ['lea@org-a.example', 'Léa', 'Martin'],
    ['hugo@org-a.example', 'Hugo', 'Bernard'],
  ] as const) {
    await createConfirmedUser(testApp, { email, firstName, lastName });
    await assign(trainerA, email);
  }
  await createConfirmedUser(testApp, { email: 'zoe@org-b.example', firstName: 'Zoé', lastName: 'Other' });
  await assign(trainerB, 'zoe@org-b.example');
  studentA = cookieHeader(await signIn(testApp.app, 'lea@org-a.example'));
});
afterAll(() => testApp.close());

describe('GET /api/organizations/students', () => {
  it("lists the trainer's own organisation's learners by name, never another organisation's", async () => {
    const response = await listStudents(trainerA);
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((student: { email: string }) => student.email)).toEqual([
      'hugo@org-a.example',
      'lea@org-a.example',
    ]);
    expect(response.json().hasMore).toBe(false);
  });

  it('narrows by a part of the name or the email, with % taken literally', async () => {
    const byName = await listStudents(trainerA, '?search=mart');
    expect(byName.json().items.map((student: { fullName: string }) => student.fullName)).toEqual([
      'Léa Martin',
    ]);
    const byEmail = await listStudents(trainerA, '?search=HUGO@');
    expect(byEmail.json().items).toHaveLength(1);
    expect((await listStudents(trainerA, '?search=%25')).json().items).toEqual([]);
  });

  it('ignores an organisation named by a trainer: they only ever see their own', async () => {
    const other = await listStudents(trainerB);
    const organizationB = other.json().items[0].organizationId;
    const response = await listStudents(trainerA, `?organizationId=${organizationB}`);
    expect(response.json().items.map((student: { email: string }) => student.email)).not.toContain(
      'zoe@org-b.example',
    );
  });

  it('refuses students and bad queries', async () => {
    expect((await listStudents(studentA)).statusCode).toBe(403);
    const bad = await listStudents(trainerA, '?organizationId=nope');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('organizationId');
  });
});
