import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { ORIGIN } from '../../../test/helper.ts';

// Random bodies on the exercises and badges routes, as a trainer, a learner and a visitor: a
// malformed request answers 4xx, never a server error.
let world: CoursesWorld;
const ids = { course: '', module: '', exercise: '', submission: '', badge: '' };

beforeAll(async () => {
  world = await createCoursesWorld();
  const call = world.call;
  ids.course = expectStatus(await call('trainerA', 'POST', '/api/courses', { title: 'Fuzz' }), 200).id;
  ids.module = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${ids.course}/modules`, { title: 'M' }),
    200,
  ).id;
  expectStatus(
    await call('trainerA', 'POST', `/api/courses/${ids.course}/modules/${ids.module}/lessons`, {
      title: 'L',
      content: { type: 'text', html: '<p>x</p>' },
    }),
    200,
  );
  expectStatus(await call('trainerA', 'POST', `/api/courses/${ids.course}/publish`), 200);
  expectStatus(
    await call('trainerA', 'POST', `/api/courses/${ids.course}/enrollments`, {
      studentIds: [world.users.studentA1.id],
    }),
    200,
  );
  ids.exercise = expectStatus(
    await call('trainerA', 'POST', '/api/trainer/exercises', {
      courseId: ids.course,
      title: 'E',
      instructions: 'I',
    }),
    200,
  ).id;
  ids.submission = expectStatus(
    await call('studentA1', 'POST', `/api/exercises/${ids.exercise}/submission`, { text: 'T' }),
    200,
  ).id;
  ids.badge = expectStatus(
    await call('trainerA', 'POST', '/api/trainer/badges', {
      name: 'B',
      criterion: 'login',
      threshold: 3,
      rarity: 'rare',
    }),
    200,
  ).id;
});
afterAll(() => world.close());

const ROUTES = [
  ['POST', '/api/trainer/badges'],
  ['PATCH', '/api/trainer/badges/:badge'],
  ['POST', '/api/trainer/exercises'],
  ['PATCH', '/api/trainer/exercises/:exercise'],
  ['GET', '/api/trainer/exercises?courseId=:text&page=:text'],
  ['POST', '/api/trainer/exercise-submissions/:submission/review'],
  ['POST', '/api/exercises/:exercise/submission'],
  ['GET', '/api/exercises?pageSize=:text'],
  ['POST', '/api/exercises/:exercise/files?purpose=:text'],
] as const;

const withIds = (url: string) =>
  url
    .replace(':badge', ids.badge)
    .replace(':exercise', ids.exercise)
    .replace(':submission', ids.submission)
    .replaceAll(':text', "x'%20or%201=1");

const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof(arbitrary, fc.string(), fc.integer(), fc.constant(null));
// Built once the fixtures exist, so a valid formation id is among the candidates.
const bodies = () =>
  fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        name: maybe(fc.string({ maxLength: 150 })),
        description: maybe(fc.string({ maxLength: 600 })),
        criterion: maybe(
          fc.constantFrom('time_spent', 'login', 'course_completion', 'quiz_success', 'attendance'),
        ),
        threshold: fc.oneof(fc.integer(), fc.double(), fc.string()),
        rarity: maybe(fc.constantFrom('legendary', 'rare', 'uncommon', 'common')),
        isActive: fc.oneof(fc.boolean(), fc.string()),
        courseId: maybe(fc.constantFrom(ids.course, '00000000-0000-4000-8000-000000000000')),
        moduleId: maybe(fc.uuid()),
        title: maybe(fc.string({ maxLength: 250 })),
        instructions: maybe(fc.string()),
        dueAt: maybe(fc.date({ noInvalidDate: true }).map((date) => date.toISOString())),
        submissionType: maybe(fc.constantFrom('text', 'file', 'text_or_file')),
        status: maybe(fc.constantFrom('submitted', 'reviewed', 'to_redo')),
        feedback: maybe(fc.string()),
        text: maybe(fc.string()),
        fileId: maybe(fc.uuid()),
      },
      { requiredKeys: [] },
    ),
  );

describe('random request bodies on exercises and badges', () => {
  it('never get a server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.oneof(
          bodies().map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
          fc.string().map((raw) => ({ payload: raw, type: 'application/json' })),
          fc.string().map((raw) => ({ payload: raw, type: 'multipart/form-data; boundary=x' })),
        ),
        fc.constantFrom('trainerA', 'studentA1', 'trainerB', null),
        async ([method, url], sent, who) => {
          const response = await world.testApp.app.inject({
            method,
            url: withIds(url),
            headers: {
              ...ORIGIN,
              'content-type': sent.type,
              ...(who ? { cookie: world.users[who].cookie } : {}),
            },
            ...(method === 'GET' ? {} : { payload: sent.payload }),
          });
          expect(response.statusCode, `${method} ${url} ${sent.payload}`).toBeLessThan(500);
        },
      ),
      { numRuns: 250, seed: 20261123 },
    );
  });
});
