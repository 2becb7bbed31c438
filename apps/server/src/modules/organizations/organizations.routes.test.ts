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
let admin: string;

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
  testApp = await createTestApp({ env: { ADMIN_EMAILS: 'root@cursus.example' } });
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
  admin = await createConfirmedUser(testApp, { email: 'root@cursus.example' });
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
    expect(response.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
  });

  it('pages the list in the database: one page of the asked size, and the total', async () => {
    const second = await listStudents(trainerA, '?page=2&pageSize=1');
    expect(second.json()).toEqual({
      items: [expect.objectContaining({ email: 'lea@org-a.example' })],
      total: 2,
      page: 2,
      pageSize: 1,
    });
    expect((await listStudents(trainerA, '?page=3&pageSize=1')).json()).toMatchObject({
      items: [],
      total: 2,
    });
    const tooLarge = await listStudents(trainerA, '?pageSize=101');
    expect(tooLarge.statusCode).toBe(400);
    expect(JSON.stringify(tooLarge.json())).toContain('pageSize');
  });

  it("gives an admin naming no organisation one page of every organisation's learners, never whole", async () => {
    const first = await listStudents(admin, '?pageSize=2');
    expect(first.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.json().items.map((student: { email: string }) => student.email)).toEqual([
      'hugo@org-a.example',
      'lea@org-a.example',
    ]);
    const last = await listStudents(admin, '?pageSize=2&page=2');
    expect(last.json().items.map((student: { email: string }) => student.email)).toEqual([
      'zoe@org-b.example',
    ]);
    // Neither the trainers nor the waiting admin account are learners of the list.
    const organizationB = last.json().items[0].organizationId;
    const named = await listStudents(admin, `?organizationId=${organizationB}`);
    expect(named.json()).toMatchObject({ total: 1, items: [{ email: 'zoe@org-b.example' }] });
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
