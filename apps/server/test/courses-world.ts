import type { LightMyRequestResponse } from 'fastify';
import { cookieHeader, createConfirmedUser, createTestApp, ORIGIN, signIn, type TestApp } from './helper.ts';

/** The people of the courses suites: two organisations, their students, a waiting student, an admin. */
export type Person =
  | 'trainerA'
  | 'trainerB'
  | 'studentA1'
  | 'studentA2'
  | 'studentB'
  | 'loneStudent'
  | 'admin';

export interface CoursesWorld {
  testApp: TestApp;
  users: Record<Person, { id: string; organizationId: string | null; cookie: string }>;
  /** A request as `person` (or signed out with null); JSON bodies only. */
  call(
    person: Person | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const EMAILS: Record<Person, string> = {
  trainerA: 'trainer@org-a.example',
  trainerB: 'trainer@org-b.example',
  studentA1: 'lea@org-a.example',
  studentA2: 'hugo@org-a.example',
  studentB: 'ines@org-b.example',
  loneStudent: 'waiting@nowhere.example',
  admin: 'root@cursus.example',
};

export async function createCoursesWorld(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<CoursesWorld> {
  const testApp = await createTestApp({ env: { ADMIN_EMAILS: EMAILS.admin, ...env }, now: options.now });
  const users = {} as CoursesWorld['users'];
  const sessionOf = async (cookie: string) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user;

  for (const [person, organizationName] of [
    ['trainerA', 'Organisme A'],
    ['trainerB', 'Organisme B'],
  ] as const) {
    const cookie = await createConfirmedUser(testApp, {
      email: EMAILS[person],
      role: 'trainer',
      organizationName,
    });
    const user = await sessionOf(cookie);
    users[person] = { id: user.id, organizationId: user.organizationId, cookie };
  }
  for (const [person, trainer] of [
    ['studentA1', 'trainerA'],
    ['studentA2', 'trainerA'],
    ['studentB', 'trainerB'],
    ['loneStudent', null],
    ['admin', null],
  ] as const) {
    await createConfirmedUser(testApp, { email: EMAILS[person] });
    if (trainer) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/organizations/assign-student',
        headers: { ...ORIGIN, cookie: users[trainer].cookie },
        payload: { email: EMAILS[person] },
      });
    }
    const cookie = cookieHeader(await signIn(testApp.app, EMAILS[person]));
    const user = await sessionOf(cookie);
    users[person] = { id: user.id, organizationId: user.organizationId, cookie };
  }

  return {
    testApp,
    users,
    call(person, method, url, payload) {
      return testApp.app.inject({
        method,
        url,
        headers: { ...ORIGIN, ...(person ? { cookie: users[person].cookie } : {}) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    close: () => testApp.close(),
  };
}

// Bodies are read as loosely as `response.json()` does; tests assert their shape.
// biome-ignore lint/suspicious/noExplicitAny: see above
type LooseBody = any;

/** The answer's JSON, failing the test with the body when the status is not the one expected. */
export function expectStatus<T = LooseBody>(response: LightMyRequestResponse, status: number): T {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return response.body ? response.json() : (undefined as T);
}
