/**
 * The server's own CPU per request of each learner and trainer read route, in process and one request at a time
 * (issue 12, point 2): the app is built as the server builds it and called with `inject` on a
 * dataset database, and `process.cpuUsage()` is read around each route's requests. No socket or load
 * generator shares the machine's cores with it, so the figure for a route over the baseline's moves
 * little with what else the machine does, where requests per second under load move with it.
 *
 *   npm run bench:server-cost -- [--scale 1] [--requests 1500] [--learner gen-l-1234] [--trainer gen-t-1]
 *     [--only trainer] [--cpu-prof FILE]
 *
 * The dataset database of `--scale` must exist (`npm run bench -- --scale 1`, or `bench:seed`). To
 * compare commits, run it from a checkout of each (`git worktree add /tmp/before <commit>`, with
 * the node_modules linked) on the same dataset, one after the other. Only 127.0.0.1 is contacted;
 * the session it inserts is removed at the end.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { databaseUrl } from './support/database.ts';
import { signedSessionCookie } from './support/server.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    requests: { type: 'string', default: '1500' },
    learner: { type: 'string', default: 'gen-l-1234' },
    trainer: { type: 'string', default: 'gen-t-1' },
    /** Only the routes whose name contains this (the baseline is always measured). */
    only: { type: 'string' },
    /** Writes a V8 CPU profile of the measured requests of every route to this file. */
    'cpu-prof': { type: 'string' },
  },
});
const REQUESTS = Number(args.requests);
const WARM_UP = 200;
const SECRET = 'bench-server-cost-secret-0123456789abcdef';
const TOKEN = `bench-cost-${process.pid}`;
const TRAINER_TOKEN = `bench-cost-trainer-${process.pid}`;

const url = databaseUrl(`cursus_dataset_s${args.scale.replace('.', '_')}`);
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query<{ id: string; course_id: string; lesson_id: string }>(
  `select p.id, e.course_id, first_lesson.id as lesson_id
   from profiles p
   cross join lateral (select course_id from course_enrollments where student_id = p.id order by course_id limit 1) e
   cross join lateral (select l.id from course_lessons l join course_modules m on m.id = l.module_id
     where l.course_id = e.course_id order by m.position, l.position limit 1) first_lesson
   where p.id = $1`,
  [args.learner],
);
const learner = rows[0];
if (!learner) throw new Error(`${args.learner} is not an enrolled learner of ${url}`);
for (const [token, userId] of [
  [TOKEN, learner.id],
  [TRAINER_TOKEN, args.trainer],
]) {
  await client.query(
    `insert into auth_sessions (id, token, expires_at, user_id) values ($1, $1, now() + interval '1 hour', $2)`,
    [token, userId],
  );
}
const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
const { app } = await buildApp({
  env: parseEnv({
    NODE_ENV: 'test',
    APP_URL: 'http://127.0.0.1:3000',
    LOG_LEVEL: 'silent',
    BENCH_BASELINE: 'true',
  }),
  database,
  secret: SECRET,
  logger: false,
  webDist: '/nonexistent',
});
const cookie = signedSessionCookie(TOKEN, SECRET);
const trainerCookie = signedSessionCookie(TRAINER_TOKEN, SECRET);
const [baselineRoute, ...readRoutes]: [string, string, string][] = [
  ['baseline (session, tenant transaction, select 1)', '/api/bench/baseline', cookie],
  ['learner: formation list', '/api/learning/courses', cookie],
  ['learner: formation page', `/api/learning/courses/${learner.course_id}`, cookie],
  ['learner: lesson', `/api/learning/courses/${learner.course_id}/lessons/${learner.lesson_id}`, cookie],
  ['learner: Mon Suivi', '/api/time-tracking/dashboard', cookie],
  ['learner: progression', '/api/learning/progression', cookie],
  ['learner: notifications', '/api/notifications', cookie],
  ['trainer: formation list', '/api/courses', trainerCookie],
  ['trainer: learner list', '/api/organizations/students', trainerCookie],
  ['trainer: connection logs, page 1', '/api/time-tracking/connection-logs', trainerCookie],
  ['trainer: connection logs, page 5', '/api/time-tracking/connection-logs?page=5', trainerCookie],
];
const routes = [baselineRoute!, ...readRoutes.filter(([name]) => !args.only || name.includes(args.only))];

const profiler = args['cpu-prof'] ? new Session() : undefined;
profiler?.connect();
await profiler?.post('Profiler.enable');
try {
  console.log(
    `${REQUESTS} requests per route, one at a time, as ${learner.id} and ${args.trainer} on ${url}\n`,
  );
  console.log('| route | server CPU µs/request | over the baseline |');
  console.log('| --- | ---: | ---: |');
  let baseline = 0;
  for (const [name, path, asWho] of routes) {
    const call = async () => {
      const response = await app.inject({ url: path, headers: { cookie: asWho } });
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    };
    for (let i = 0; i < WARM_UP; i += 1) await call();
    if (profiler && name === routes[1]![0]) await profiler.post('Profiler.start');
    const started = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i += 1) await call();
    const used = process.cpuUsage(started);
    const perRequest = Math.round((used.user + used.system) / REQUESTS);
    if (baseline === 0) baseline = perRequest;
    const excess = perRequest - baseline;
    const shown = path === routes[0]![1] ? '' : `${excess >= 0 ? '+' : ''}${excess}`;
    console.log(`| ${name} | ${perRequest} | ${shown} |`);
  }
  if (profiler && args['cpu-prof']) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(args['cpu-prof'], JSON.stringify(profile));
  }
} finally {
  await app.close();
  await database.close();
  await client.query('delete from auth_sessions where id = any($1)', [[TOKEN, TRAINER_TOKEN]]);
  await client.end();
}
