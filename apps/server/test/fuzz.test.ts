import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createConfirmedUser, createTestApp, ORIGIN, signIn, type TestApp } from './helper.ts';

let testApp: TestApp;
let cookie: string;
// A student of the fuzzing trainer's organisation, so learner routes (time tracking) get past their guards.
let studentCookie: string;
// A real formation, module and lesson of the fuzzing trainer, so course routes get past their lookups.
const ids = { course: '', module: '', lesson: '' };

beforeAll(async () => {
  testApp = await createTestApp();
  cookie = await createConfirmedUser(testApp, { email: 'fuzz@target.example', role: 'trainer' });
  const post = async (url: string, payload: object) =>
    (await testApp.app.inject({ method: 'POST', url, headers: { ...ORIGIN, cookie }, payload })).json();
  ids.course = (await post('/api/courses', { title: 'Fuzz' })).id;
  ids.module = (await post(`/api/courses/${ids.course}/modules`, { title: 'M' })).id;
  ids.lesson = (
    await post(`/api/courses/${ids.course}/modules/${ids.module}/lessons`, {
      title: 'L',
      content: { type: 'text', html: '<p>x</p>' },
    })
  ).id;
  await createConfirmedUser(testApp, { email: 'fuzz-student@target.example' });
  await post('/api/organizations/assign-student', { email: 'fuzz-student@target.example' });
  studentCookie = cookieHeader(await signIn(testApp.app, 'fuzz-student@target.example'));
});
afterAll(() => testApp.close());

const ROUTES = [
  ['POST', '/api/auth/sign-up'],
  ['POST', '/api/auth/sign-in'],
  ['POST', '/api/auth/admin/sign-in'],
  ['POST', '/api/auth/forgot-password'],
  ['POST', '/api/auth/reset-password'],
  ['POST', '/api/auth/resend-confirmation'],
  ['POST', '/api/auth/change-password'],
  ['PATCH', '/api/auth/preferences'],
  ['POST', '/api/organizations/mine'],
  ['POST', '/api/organizations/assign-student'],
  ['POST', '/api/system/not-found'],
  ['POST', '/api/system/logs'],
  ['POST', '/api/knowledge-base/feedback'],
  ['POST', '/api/courses'],
  ['PATCH', '/api/courses/:course'],
  ['POST', '/api/courses/:course/modules'],
  ['PUT', '/api/courses/:course/modules/order'],
  ['POST', '/api/courses/:course/modules/:module/lessons'],
  ['PUT', '/api/courses/:course/modules/:module/lessons/order'],
  ['PATCH', '/api/courses/:course/lessons/:lesson'],
  ['POST', '/api/courses/:course/lessons/:lesson/move'],
  ['POST', '/api/courses/:course/enrollments'],
  ['POST', '/api/learning/courses/:course/lessons/:lesson/complete'],
  ['POST', '/api/files?purpose=document'],
  ['POST', '/api/time-tracking/sessions/start'],
  ['POST', '/api/time-tracking/sessions/:uuid/heartbeat'],
  ['POST', '/api/time-tracking/sessions/:uuid/end'],
  ['POST', '/api/time-tracking/sessions/sync'],
  ['POST', '/api/time-tracking/check'],
  ['POST', '/api/time-tracking/issues'],
  ['POST', '/api/time-tracking/students/:student/reset-session'],
  ['POST', '/api/time-tracking/students/:student/reset-total'],
  ['PUT', '/api/time-tracking/settings'],
  ['GET', '/api/time-tracking/connection-logs?from=:text&to=2026-13-01&pageSize=:text'],
  ['GET', '/api/time-tracking/connection-logs/export?studentId=:text&courseId=:text'],
] as const;

const withIds = (url: string) =>
  url
    .replace(':course', ids.course)
    .replace(':module', ids.module)
    .replace(':lesson', ids.lesson)
    .replace(':uuid', '00000000-0000-4000-8000-000000000000')
    .replace(':student', 'someone')
    .replaceAll(':text', "x'%20or%201=1");

// Bodies a careless or hostile client might send: any JSON, near-miss shapes, raw bytes.
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      email: fc.oneof(fc.string(), fc.emailAddress(), fc.integer()),
      password: fc.oneof(fc.string(), fc.constant('Vif-Argent-42'), fc.constant(null)),
      confirmPassword: fc.string(),
      firstName: fc.string(),
      lastName: fc.string(),
      role: fc.oneof(fc.constantFrom('student', 'trainer', 'admin'), fc.string()),
      organizationName: fc.oneof(fc.string({ maxLength: 300 }), fc.integer()),
      language: fc.oneof(fc.constantFrom('fr', 'en'), fc.string()),
      token: fc.string(),
      currentPassword: fc.string(),
      title: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null)),
      priceCents: fc.oneof(fc.integer(), fc.double(), fc.string()),
      modality: fc.oneof(fc.constantFrom('in_person', 'distance', 'blended'), fc.string()),
      content: fc.oneof(
        fc.record({
          type: fc.constantFrom('text', 'video', 'document', 'link'),
          html: fc.string(),
          url: fc.string(),
        }),
        fc.record({
          type: fc.constant('video'),
          source: fc.constantFrom('upload', 'embed'),
          fileId: fc.uuid(),
        }),
        fc.jsonValue(),
      ),
      moduleIds: fc.array(fc.oneof(fc.uuid(), fc.string())),
      lessonIds: fc.array(fc.uuid()),
      moduleId: fc.oneof(fc.uuid(), fc.string()),
      position: fc.oneof(fc.integer(), fc.double()),
      studentIds: fc.array(fc.string()),
      elapsedSeconds: fc.oneof(fc.integer(), fc.double(), fc.string()),
      localElapsedSeconds: fc.oneof(fc.integer({ min: 0, max: 28_800 }), fc.integer()),
      sessionId: fc.oneof(fc.uuid(), fc.string()),
      issueType: fc.oneof(fc.constantFrom('sync_error', 'time_mismatch'), fc.string()),
      weeklyGoalHours: fc.oneof(fc.integer(), fc.double()),
      sessions: fc.oneof(
        fc.array(
          fc.record({
            id: fc.oneof(fc.uuid(), fc.string()),
            sessionStart: fc.oneof(
              fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
              fc.string(),
            ),
            sessionEnd: fc.oneof(
              fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
              fc.string(),
            ),
            durationSeconds: fc.oneof(fc.integer({ min: 0, max: 28_800 }), fc.integer()),
          }),
          { maxLength: 5 },
        ),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  ),
);

describe('random request bodies', () => {
  it('never get a server error from the auth, profile, course, learning, file and time-tracking routes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.oneof(
          jsonBody.map((body) => ({ payload: JSON.stringify(body), type: 'application/json' })),
          fc.string().map((raw) => ({ payload: raw, type: 'application/json' })),
          fc.string().map((raw) => ({ payload: raw, type: 'text/plain' })),
        ),
        fc.constantFrom('visitor', 'trainer', 'student'),
        async ([method, url], body, who) => {
          const session = who === 'visitor' ? {} : { cookie: who === 'trainer' ? cookie : studentCookie };
          const response = await testApp.app.inject({
            method,
            url: withIds(url),
            headers: { ...ORIGIN, 'content-type': body.type, ...session },
            payload: body.payload,
          });
          expect(response.statusCode, `${method} ${url} ${body.payload}`).toBeLessThan(500);
          expect(response.json()).toBeTypeOf('object');
        },
      ),
      { numRuns: 300, seed: 20261122 },
    );
  });

  it('answers malformed and oversized bodies with a 4xx', async () => {
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('MALFORMED_JSON');

    const huge = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);

    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });
});
