/**
 * Read-path benchmark (issue 12, point 2): every learner and trainer read route against an
 * authenticated baseline route measured in the same run (same session check, guard and tenant
 * transaction, `select 1`: GET /api/bench/baseline, registered only with BENCH_BASELINE), and
 * /api/health against a bare Fastify route. Figures are ratios to the baseline of the same run:
 * these machines are shared and noisy.
 *
 *   npm run bench:read-paths -- [--students 200] [--duration 10] [--connections 50]
 *
 * PostgreSQL only: a private database `cursus_bench_reads` on BENCH_POSTGRES_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), created and dropped by this script. Requests are
 * sent without Accept-Encoding, so compression does not enter the figures. Only 127.0.0.1 is
 * contacted; every phase stops by itself (duration and request cap).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { connectAdmin, dropDatabase, recreateDatabase } from './support/database.ts';
import { measureClosedLoop } from './support/load.ts';
import { signedSessionCookie, startServer } from './support/server.ts';

const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3918' },
    /** Another checkout to start the server from (a copy of an earlier commit, for before and after). */
    root: { type: 'string' },
    /** Only the scenarios whose name contains this. */
    only: { type: 'string' },
    /** Writes a V8 CPU profile of the server to this folder (chrome://inspect or speedscope). */
    'cpu-prof': { type: 'string' },
  },
});
const STUDENTS = Number(args.students);
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const BARE_PORT = PORT + 1;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const SECRET = randomBytes(32).toString('base64url');
const RUN = randomBytes(4).toString('hex');
const ROOT = path.resolve(args.root ?? path.resolve(import.meta.dirname, '../..'));
const BENCH_DB = 'cursus_bench_reads';
const ORGANIZATION = '00000000-0000-4000-8000-000000000001';
const TRAINER = 'bench-trainer';
/** Like the demo: two formations, here of 3 modules of 4 lessons, each lesson about 6 KB of HTML. */
const COURSES = 2;
const LESSON_HTML = `<p>${'Texte de la leçon, que seule sa page affiche. '.repeat(130)}</p>`;

const learner = (index: number) => `bench-${index}`;

const sessionCookie = (userId: string) => signedSessionCookie(`bench-${RUN}-${userId}`, SECRET);

/** One organisation, its trainer, learners enrolled in every formation, a week of sessions each. */
async function generate(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  const n = sql.raw(String(STUDENTS));
  await run(sql`insert into organizations (id, name) values (${ORGANIZATION}, 'Organisme Bench')`);
  await run(sql`insert into auth_users (id, name, email, email_verified)
    select 'bench-' || g, 'Learner ' || g, 'learner' || g || '@bench.example', true from generate_series(1, ${n}) g
    union all select ${TRAINER}, 'Trainer', 'trainer@bench.example', true`);
  await run(sql`insert into profiles (id, email, full_name, first_name, last_name, role, organization_id)
    select 'bench-' || g, 'learner' || g || '@bench.example', 'Learner ' || g, 'Learner', g::text, 'student', ${ORGANIZATION}::uuid
    from generate_series(1, ${n}) g
    union all select ${TRAINER}, 'trainer@bench.example', 'Trainer', 'Trainer', 'Bench', 'trainer', ${ORGANIZATION}::uuid`);
  await run(sql`insert into user_roles (user_id, role)
    select 'bench-' || g, 'student' from generate_series(1, ${n}) g union all select ${TRAINER}, 'trainer'`);
  await run(sql`insert into auth_sessions (id, token, expires_at, user_id)
    select 'bench-session-' || id, ${`bench-${RUN}-`} || id, now() + interval '7 days', id from auth_users`);
  await run(sql`insert into courses (organization_id, title, description, status, created_by)
    select ${ORGANIZATION}::uuid, 'Formation ' || g, 'Description de la formation ' || g, 'published', ${TRAINER}
    from generate_series(1, ${sql.raw(String(COURSES))}) g`);
  await run(sql`insert into course_modules (organization_id, course_id, title, position)
    select ${ORGANIZATION}::uuid, c.id, 'Module ' || m, m from courses c, generate_series(0, 2) m`);
  await run(sql`insert into course_lessons (organization_id, course_id, module_id, title, type, position, content)
    select ${ORGANIZATION}::uuid, m.course_id, m.id, 'Leçon ' || l, 'text', l,
      jsonb_build_object('type', 'text', 'html', ${LESSON_HTML}::text)
    from course_modules m, generate_series(0, 3) l`);
  await run(sql`insert into course_enrollments (organization_id, course_id, student_id, progress)
    select ${ORGANIZATION}::uuid, c.id, p.id, 25 from courses c, profiles p where p.role = 'student'`);
  // A quarter of each formation done: the first module's first three lessons.
  await run(sql`insert into lesson_completions (organization_id, course_id, lesson_id, student_id)
    select ${ORGANIZATION}::uuid, l.course_id, l.id, e.student_id
    from course_lessons l join course_modules m on m.id = l.module_id and m.position = 0
    join course_enrollments e on e.course_id = l.course_id where l.position < 3`);
  await run(sql`insert into user_time_tracking (user_id, organization_id, course_id, session_start, session_end, last_activity_at, duration_seconds)
    select p.id, ${ORGANIZATION}::uuid, (select id from courses order by id limit 1),
      now() - make_interval(days => d), now() - make_interval(days => d) + interval '1 hour',
      now() - make_interval(days => d) + interval '1 hour', 3600
    from profiles p, generate_series(1, 7) d where p.role = 'student'`);
  await run(sql`insert into user_total_time (user_id, organization_id, total_time_seconds, total_hours, remaining_minutes)
    select id, ${ORGANIZATION}::uuid, 7 * 3600, 7, 0 from profiles where role = 'student'`);
  await run(sql`insert into sign_in_logs (user_id, organization_id, ip_address, user_agent)
    select id, ${ORGANIZATION}::uuid, '127.0.0.1', 'bench' from profiles where role = 'student'`);
  await run(sql`analyze`);
  const [first] = (
    (await run(sql`select c.id as course_id, l.id as lesson_id from courses c
      join course_lessons l on l.course_id = c.id order by c.id, l.position limit 1`)) as unknown as {
      rows: { course_id: string; lesson_id: string }[];
    }
  ).rows;
  await database.close();
  return { courseId: first!.course_id, lessonId: first!.lesson_id };
}

interface Scenario {
  name: string;
  /** The path for the next request, and who sends it (a learner's id, spread over all of them). */
  next: (index: number) => { path: string; userId: string | null };
  url?: string;
}

function measure(scenario: Scenario) {
  let index = 0;
  return measureClosedLoop({
    name: scenario.name,
    url: scenario.url ?? BASE_URL,
    connections: CONNECTIONS,
    seconds: DURATION_S,
    next: () => {
      const { path: requestPath, userId } = scenario.next(index++);
      return userId
        ? { path: requestPath, headers: { cookie: sessionCookie(userId) } }
        : { path: requestPath };
    },
  });
}

async function main() {
  const admin = await connectAdmin();
  const databaseUrl = await recreateDatabase(admin, BENCH_DB);
  const { courseId, lessonId } = await generate(databaseUrl);
  const server = await startServer({
    root: ROOT,
    port: PORT,
    secret: SECRET,
    // NODE_ENV=test: production refuses BENCH_BASELINE, the route every scenario is compared with.
    env: { NODE_ENV: 'test', BENCH_BASELINE: 'true', DATABASE_URL: databaseUrl },
    cpuProfDir: args['cpu-prof'],
  });
  // The bare route /api/health is compared with: Fastify alone, same answer, no plugin.
  const bare = Fastify();
  bare.get('/api/health', async () => ({ status: 'ok' }));
  await bare.listen({ port: BARE_PORT, host: '127.0.0.1' });
  try {
    const anyLearner = (index: number) => learner((index % STUDENTS) + 1);
    const asLearner = (requestPath: string) => (index: number) => ({
      path: requestPath,
      userId: anyLearner(index),
    });
    const asTrainer = (requestPath: string) => () => ({ path: requestPath, userId: TRAINER });
    const scenarios: Scenario[] = [
      { name: 'baseline (session, tenant transaction, select 1)', next: asLearner('/api/bench/baseline') },
      { name: 'learner: formation list', next: asLearner('/api/learning/courses') },
      { name: 'learner: formation page', next: asLearner(`/api/learning/courses/${courseId}`) },
      { name: 'learner: lesson', next: asLearner(`/api/learning/courses/${courseId}/lessons/${lessonId}`) },
      { name: 'learner: Mon Suivi', next: asLearner('/api/time-tracking/dashboard') },
      { name: 'learner: progression', next: asLearner('/api/learning/progression') },
      { name: 'learner: time', next: asLearner('/api/time-tracking/me') },
      { name: 'trainer: formation list', next: asTrainer('/api/courses') },
      { name: 'trainer: learner list', next: asTrainer('/api/organizations/students') },
      { name: 'trainer: connection logs', next: asTrainer('/api/time-tracking/connection-logs') },
      { name: 'trainer: dashboard', next: asTrainer('/api/trainer/dashboard') },
      { name: 'trainer: analytics, 12 months', next: asTrainer('/api/trainer/analytics?period=12m') },
      {
        name: 'bare Fastify /api/health',
        next: () => ({ path: '/api/health', userId: null }),
        url: `http://127.0.0.1:${BARE_PORT}`,
      },
      { name: 'health', next: () => ({ path: '/api/health', userId: null }) },
    ].filter(
      (scenario) => !args.only || scenario.name.includes(args.only) || scenario.name.startsWith('baseline'),
    );
    // One pass for every session to reach the server's session cache, as for users already signed in.
    await measure({ ...scenarios[0]!, name: 'warm-up' });
    const results = [];
    for (const scenario of scenarios) results.push(await measure(scenario));
    const baseline = results[0]!;
    const bareHealth = results.find((result) => result.name.startsWith('bare'));
    console.log(
      `${STUDENTS} learners, ${CONNECTIONS} connections, ${DURATION_S} s per scenario, PostgreSQL, no compression`,
    );
    console.log('| scenario | req/s | ratio | p50 ms | p95 ms | p99 ms | bytes | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const result of results) {
      const reference = result.name === 'health' && bareHealth ? bareHealth : baseline;
      const ratio = (result.reqPerSec / reference.reqPerSec).toFixed(2);
      console.log(
        `| ${result.name} | ${result.reqPerSec} | ${ratio}${result.name === 'health' ? ' of bare' : ''} | ${result.p50Ms} | ${result.p95Ms} | ${result.p99Ms} | ${result.bytes} | ${result.errors} |`,
      );
    }
  } finally {
    await bare.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await dropDatabase(admin, BENCH_DB);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
