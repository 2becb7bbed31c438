import type { CourseDetail } from '@cursus/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURES_FRESH_MS } from '../src/modules/analytics/analytics.service.ts';
import { type CoursesWorld, createCoursesWorld, expectStatus, type Person } from './courses-world.ts';
import { ENGINE } from './helper.ts';
import { recordStatements } from './statement-counter.ts';

/**
 * Issue 12: a page's data comes in at most 3 statements plus the tenant's set-up (one transaction)
 * and the session check, whatever the number of formations, modules and lessons (no N+1). These
 * counts are what CI keeps of the read-path benchmark (bench/src/read-paths.ts).
 */
const MAX_DATA_STATEMENTS = 3;
const LESSON_HTML = '<p>Contenu complet de la leçon, que la liste ne montre pas</p>';

let world: CoursesWorld;
const courses: CourseDetail[] = [];
/** How far the server's clock is ahead of the real one: moved so that kept figures are computed again. */
let ahead = 0;

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => new Date(Date.now() + ahead) });
  // Two formations of two modules of two lessons: a per-formation or per-module query would show.
  for (const title of ['Premiers secours', 'Gestes et postures']) {
    const created = expectStatus<CourseDetail>(
      await world.call('trainerA', 'POST', '/api/courses', { title }),
      200,
    );
    for (const moduleTitle of ['Alerter', 'Secourir']) {
      const module = expectStatus<{ id: string }>(
        await world.call('trainerA', 'POST', `/api/courses/${created.id}/modules`, { title: moduleTitle }),
        200,
      );
      for (const lessonTitle of [`${moduleTitle} 1`, `${moduleTitle} 2`]) {
        expectStatus(
          await world.call('trainerA', 'POST', `/api/courses/${created.id}/modules/${module.id}/lessons`, {
            title: lessonTitle,
            content: { type: 'text', html: LESSON_HTML },
          }),
          200,
        );
      }
    }
    expectStatus(await world.call('trainerA', 'POST', `/api/courses/${created.id}/publish`), 200);
    for (const student of ['studentA1', 'studentA2'] as const) {
      expectStatus(
        await world.call('trainerA', 'POST', `/api/courses/${created.id}/enrollments`, {
          studentIds: [world.users[student].id],
        }),
        200,
      );
    }
    courses.push(
      expectStatus<CourseDetail>(await world.call('trainerA', 'GET', `/api/courses/${created.id}`), 200),
    );
  }
  const [first] = courses;
  const lesson = first!.modules[0]!.lessons[0]!;
  expectStatus(
    await world.call('studentA1', 'POST', `/api/learning/courses/${first!.id}/lessons/${lesson.id}/complete`),
    200,
  );
  const started = expectStatus<{ session: { id: string } }>(
    await world.call('studentA1', 'POST', '/api/time-tracking/sessions/start', { courseId: first!.id }),
    200,
  );
  expectStatus(
    await world.call('studentA1', 'POST', `/api/time-tracking/sessions/${started.session.id}/end`, {
      elapsedSeconds: 0,
    }),
    200,
  );
});
afterAll(() => world.close());

async function statementsOf(person: Person, url: string) {
  // A first request fills the server's session and profile caches, as for a signed-in user's next pages.
  expectStatus(await world.call(person, 'GET', url), 200);
  // What is counted is the computation: figures kept for a minute (the dashboard's) have aged.
  ahead += FIGURES_FRESH_MS;
  let body: unknown;
  const log = await recordStatements(world.testApp.database, async () => {
    body = expectStatus(await world.call(person, 'GET', url), 200);
  });
  return { log, body };
}

describe(`read paths run a bounded number of statements on ${ENGINE} (issue 12)`, () => {
  const routes: [string, Person, () => string][] = [
    ["the learner's formation list", 'studentA1', () => '/api/learning/courses'],
    ["the learner's formation page", 'studentA1', () => `/api/learning/courses/${courses[0]!.id}`],
    [
      "the learner's lesson",
      'studentA1',
      () => `/api/learning/courses/${courses[0]!.id}/lessons/${courses[0]!.modules[1]!.lessons[0]!.id}`,
    ],
    ["Mon Suivi's dashboard", 'studentA1', () => '/api/time-tracking/dashboard'],
    ["the learner's progression", 'studentA1', () => '/api/learning/progression'],
    ["the learner's time", 'studentA1', () => '/api/time-tracking/me'],
    ["the trainer's formation list", 'trainerA', () => '/api/courses'],
    ["the trainer's learner list", 'trainerA', () => '/api/organizations/students'],
    ["the trainer's connection logs", 'trainerA', () => '/api/time-tracking/connection-logs'],
    ["the trainer's dashboard", 'trainerA', () => '/api/trainer/dashboard'],
  ];

  it.each(routes)(
    '%s: one tenant transaction, at most 3 statements and the session check',
    async (_name, person, url) => {
      const { log } = await statementsOf(person, url());
      expect(log.data.length, log.data.join('\n---\n')).toBeLessThanOrEqual(MAX_DATA_STATEMENTS);
      // One transaction: one set of tenant settings (several would each take a pooled connection).
      expect(log.setup.filter((text) => /set_config\('app\.user_id'/.test(text))).toHaveLength(1);
      expect(log.session).toHaveLength(1);
    },
  );

  it("the trainer's dashboard within the minute: its kept figures, without a statement", async () => {
    const first = expectStatus(await world.call('trainerA', 'GET', '/api/trainer/dashboard'), 200);
    const log = await recordStatements(world.testApp.database, async () => {
      expect(expectStatus(await world.call('trainerA', 'GET', '/api/trainer/dashboard'), 200)).toEqual(first);
    });
    expect(log.data).toEqual([]);
    expect(log.setup.filter((text) => /set_config\('app\.user_id'/.test(text))).toEqual([]);
  });

  it("the learner's formation list carries no lesson content and reads none", async () => {
    const { log, body } = await statementsOf('studentA1', '/api/learning/courses');
    expect(JSON.stringify(body)).not.toContain('Contenu complet');
    expect(log.data.join('\n')).not.toMatch(/"content"/);
  });

  it("the formation page and the progression read lessons' titles, never their content", async () => {
    for (const url of [`/api/learning/courses/${courses[0]!.id}`, '/api/learning/progression']) {
      const { log, body } = await statementsOf('studentA1', url);
      expect(JSON.stringify(body), url).not.toContain('Contenu complet');
      expect(log.data.join('\n'), url).not.toMatch(/"content"/);
    }
  });
});

// Parsing, rewriting (policies inlined) and planning each statement again cost the database more
// than running it: PostgreSQL keeps a named statement's plan for the connection (db/client.ts).
describe.runIf(ENGINE === 'postgres')('read paths on PostgreSQL (issue 12)', () => {
  it("sends the route's statements as named prepared statements", async () => {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    const sent: { text: string; name?: string }[] = [];
    prototype.query = function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === 'object' && args[0]) sent.push(args[0] as { text: string; name?: string });
      return original.apply(this, args);
    };
    try {
      expectStatus(await world.call('studentA1', 'GET', '/api/learning/courses'), 200);
    } finally {
      prototype.query = original;
    }
    const parameterised = sent.filter((query) => /\$1\b/.test(query.text));
    expect(parameterised.length).toBeGreaterThan(0);
    // `s…`: named by PreparingClient from its text; `r…`: a statement built once (db/reusable.ts);
    // `live_session`: the session check, built once (auth.service.ts).
    for (const query of parameterised) expect(query.name, query.text).toMatch(/^([sr]\d*|live_session$)/);
  });

  it('runs a statement built once on the connection of each transaction, requests overlapping', async () => {
    // Each learner's list and page, all at once: a statement run on another request's connection
    // would answer with that learner's formations, or within a closed transaction.
    const people: Person[] = ['studentA1', 'studentA2', 'studentB'];
    const alone = new Map<Person, unknown>();
    for (const person of people)
      alone.set(person, expectStatus(await world.call(person, 'GET', '/api/learning/courses'), 200));
    const together = await Promise.all(
      Array.from({ length: 24 }, (_, index) => people[index % people.length]!).map(async (person) => ({
        person,
        body: expectStatus(await world.call(person, 'GET', '/api/learning/courses'), 200),
      })),
    );
    for (const { person, body } of together) expect(body, person).toEqual(alone.get(person));
  });
});
