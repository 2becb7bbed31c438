/**
 * Load scenarios on the generated dataset (issue 12, points 4, 5 and 7): every learner and trainer
 * read path, notifications and the time-tracking writes, against the server on loopback over
 * a database loaded by the dataset generator, with sessions spread over many of its users. Each
 * scenario gives requests per second, p50/p95/p99, errors and bytes, and its ratio to an
 * authenticated baseline route measured in the same run (these machines are shared and noisy).
 *
 *   npm run bench -- [--scale 1 | --scale 1,5] [--reuse] [--duration 10] [--connections 50]
 *     [--learners 300] [--trainer-organizations 10] [--only trainer] [--json results.json]
 *     [--report bench/results/latest.md] [--lighthouse]
 *   npm run bench -- --compare results-scale1.json results-scale5.json [--report …]
 *   npm run bench -- --compare bench/results/latest.json --report bench/results/latest.md
 *
 * Several scales in one command are measured side by side: each has its own server (on --port,
 * --port + 1…) and each scenario runs on one scale right after the other, so the machine's load
 * weighs on both; the run ends with the growth of each scenario's p95 from one scale to the next,
 * flagged above 1.5. Each scale has its own database on BENCH_POSTGRES_URL's server,
 * `cursus_dataset_s<scale>`, loaded afresh unless `--reuse` finds one of that scale (scale 5 takes
 * minutes to load); it is kept afterwards for the next `--reuse`. The benchmark's own rows
 * (signed-in sessions, the open time-tracking sessions the writes beat on) are
 * removed at the end. Only 127.0.0.1 is contacted; every phase stops by itself.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DATASET_STATEMENT_TIMEOUT_MS, generateDataset, planDataset } from './dataset/generate-dataset.ts';
import { cpuPerRequest, cpuSnapshot } from './support/cpu.ts';
import { connectAdmin, databaseExists, databaseUrl, recreateDatabase } from './support/database.ts';
import { heartbeatRequests } from './support/heartbeats.ts';
import { compareInSlices, type LoadRequest, measureClosedLoop } from './support/load.ts';
import {
  type BenchRun,
  compareScales,
  describeCommit,
  describeMachine,
  GROWTH_LIMIT,
  markdownReport,
  type ScaleRun,
  type ScenarioResult,
  scenarioTable,
} from './support/report.ts';
import { signedSessionCookie, startServer } from './support/server.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    scale: { type: 'string', default: '1' },
    reuse: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    learners: { type: 'string', default: '300' },
    'trainer-organizations': { type: 'string', default: '10' },
    port: { type: 'string', default: '3919' },
    /** Another checkout to start the server from (a clean export of a commit: see bench/README.md). */
    root: { type: 'string' },
    /** Only the scenarios whose key or name contains this (the baseline always runs). */
    only: { type: 'string' },
    json: { type: 'string' },
    report: { type: 'string' },
    /** Compares two JSON results (positionals) instead of running. */
    compare: { type: 'boolean', default: false },
    /** Runs `bench:lighthouse` after the load scenarios (needs `npm run build`). */
    lighthouse: { type: 'boolean', default: false },
    /** Writes V8 CPU profiles of the server to this folder. */
    'cpu-prof': { type: 'string' },
  },
});

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Paths on the command line are read from where `npm run` was typed, not from the workspace. */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const SERVER_ROOT = args.root ? fromCaller(args.root) : ROOT;
const positiveInteger = (name: string, value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
};
const SECONDS = positiveInteger('duration', args.duration);
const CONNECTIONS = positiveInteger('connections', args.connections);
/** The ratio to the baseline: slices of 2 s in turns, as long on each side as a scenario's measure. */
const RATIO_SLICE_SECONDS = 2;
const RATIO_PAIRS = Math.max(1, Math.round(SECONDS / RATIO_SLICE_SECONDS));
const hundredths = (value: number) => Math.round(value * 100) / 100;
const LEARNERS = positiveInteger('learners', args.learners);
const TRAINER_ORGANIZATIONS = positiveInteger('trainer-organizations', args['trainer-organizations']);
const PORT = positiveInteger('port', args.port);
const SECRET = randomBytes(32).toString('base64url');
const RUN = randomBytes(4).toString('hex');
/** The benchmark's own rows carry these prefixes, so they can be removed without touching the dataset's. */
const SESSION_PREFIX = 'bench-session-';
const OPEN_SESSION_PREFIX = '0000be00-0000-4000-8000-';
/** The open sessions the writes beat on began this long before the run. */
const OPENED_SECONDS_AGO = 3570;

const datasetDatabase = (scale: number) => `cursus_dataset_s${String(scale).replace('.', '_')}`;

interface Learner {
  id: string;
  cookie: string;
  courseId: string;
  lessonId: string;
  openSessionId: string;
}
interface Trainer {
  id: string;
  cookie: string;
}

/** The dataset database of `scale`: the existing one with --reuse when it is of that scale, else a fresh load. */
async function prepareDataset(
  admin: pg.Client,
  scale: number,
): Promise<{ url: string; loadSeconds: number | null }> {
  const name = datasetDatabase(scale);
  if (args.reuse && (await databaseExists(admin, name))) {
    const client = new pg.Client({ connectionString: databaseUrl(name) });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        'select count(*)::int as count from organizations',
      );
      const expected = planDataset(scale).organizations;
      if (rows[0]?.count === expected) {
        console.log(`scale ${scale}: reusing ${name}`);
        return { url: databaseUrl(name), loadSeconds: null };
      }
      console.log(
        `scale ${scale}: ${name} has ${rows[0]?.count} organisations, not ${expected}: loading it again`,
      );
    } catch {
      console.log(`scale ${scale}: ${name} is not a dataset: loading it again`);
    } finally {
      await client.end();
    }
  }
  console.log(`scale ${scale}: loading ${name}`);
  const started = performance.now();
  const url = await recreateDatabase(admin, name);
  const database = await openDatabase({ databaseUrl: url, statementTimeoutMs: DATASET_STATEMENT_TIMEOUT_MS });
  try {
    await database.migrate();
    await generateDataset(database, { scale, log: (line) => console.log(line) });
  } finally {
    await database.close();
  }
  return { url, loadSeconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function removeBenchRows(client: pg.Client) {
  await client.query('delete from auth_sessions where id like $1', [`${SESSION_PREFIX}%`]);
  await client.query('delete from user_time_tracking where id::text like $1', [`${OPEN_SESSION_PREFIX}%`]);
}

/**
 * What autovacuum does in production, done here because test servers may run without it (this
 * machine's does): the dataset's visibility map set after its load, and the dead rows of earlier
 * runs' writes (the heartbeats, the removed sessions) cleared, so they do not weigh on this run.
 * Only the first time on a freshly loaded dataset reads it all (about a minute at scale 5).
 */
async function vacuum(client: pg.Client, scale: number) {
  const started = performance.now();
  await client.query('vacuum (analyze)');
  console.log(`scale ${scale}: vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Signs in learners spread evenly over the dataset (each with a formation they follow, its first
 * lesson and a fresh open time-tracking session) and every trainer of organisations spread evenly,
 * by inserting their sessions as better-auth stores them. Learners already online in the dataset
 * are skipped, so each has exactly one open session.
 */
async function signIn(client: pg.Client, scale: number) {
  const plan = planDataset(scale);
  const candidates = Array.from(
    new Set(
      Array.from({ length: LEARNERS }, (_, i) => `gen-l-${1 + Math.floor((i * plan.learners) / LEARNERS)}`),
    ),
  );
  const { rows: learnerRows } = await client.query<{ id: string; course_id: string; lesson_id: string }>(
    `select p.id, e.course_id, first_lesson.id as lesson_id
     from profiles p
     cross join lateral (select course_id from course_enrollments where student_id = p.id order by course_id limit 1) e
     cross join lateral (select l.id from course_lessons l join course_modules m on m.id = l.module_id
       where l.course_id = e.course_id order by m.position, l.position limit 1) first_lesson
     where p.id = any($1)
       and not exists (select 1 from user_time_tracking t where t.user_id = p.id and t.session_end is null)
     order by p.id`,
    [candidates],
  );
  const step = Math.max(1, Math.floor(plan.organizations / TRAINER_ORGANIZATIONS));
  const { rows: trainerRows } = await client.query<{ id: string; organization_id: string }>(
    `select p.id, p.organization_id from profiles p
     where p.role = 'trainer' and p.organization_id in (
       select id from (select id, row_number() over (order by id) as n from organizations) o
       where (n - 1) % $1 = 0 order by id limit $2)
     order by p.id`,
    [step, TRAINER_ORGANIZATIONS],
  );
  const userIds = [...learnerRows.map((row) => row.id), ...trainerRows.map((row) => row.id)];
  await client.query(
    `insert into auth_sessions (id, token, expires_at, user_id)
     select $1 || id, $2 || id, now() + interval '7 days', id from unnest($3::text[]) id`,
    [SESSION_PREFIX, `bench-${RUN}-`, userIds],
  );
  await client.query(
    `insert into user_time_tracking (id, organization_id, user_id, session_start, last_activity_at, duration_seconds)
     select ($1 || lpad(n::text, 12, '0'))::uuid, p.organization_id, p.id,
       now() - make_interval(secs => $3::int), now() - interval '30 seconds', $3::int - 30
     from unnest($2::text[]) with ordinality as u(id, n) join profiles p on p.id = u.id`,
    [OPEN_SESSION_PREFIX, learnerRows.map((row) => row.id), OPENED_SECONDS_AGO + 30],
  );
  const cookie = (userId: string) => signedSessionCookie(`bench-${RUN}-${userId}`, SECRET);
  const learners: Learner[] = learnerRows.map((row, i) => ({
    id: row.id,
    cookie: cookie(row.id),
    courseId: row.course_id,
    lessonId: row.lesson_id,
    openSessionId: `${OPEN_SESSION_PREFIX}${String(i + 1).padStart(12, '0')}`,
  }));
  const trainers: Trainer[] = trainerRows.map((row) => ({ id: row.id, cookie: cookie(row.id) }));
  const organizations = new Set(trainerRows.map((row) => row.organization_id)).size;
  // Learners per organisation are the same at every scale: the deep page is the last full one.
  const deepPage = Math.max(2, Math.floor(plan.learners / plan.organizations / 20));
  return { learners, trainers, organizations, deepPage };
}

interface Scenario {
  key: string;
  name: string;
  next: () => LoadRequest;
}

/** Requests that take turns among `users`, each asking for the path `pathOf` gives for them. */
function rotate<User extends { cookie: string }>(users: readonly User[], pathOf: (user: User) => string) {
  let index = 0;
  return () => {
    const user = users[index++ % users.length]!;
    return { path: pathOf(user), headers: { cookie: user.cookie } };
  };
}

function scenarios(learners: Learner[], trainers: Trainer[], deepPage: number, baseUrl: string): Scenario[] {
  const learner = (pathOf: (user: Learner) => string) => rotate(learners, pathOf);
  const trainer = (pathOf: (user: Trainer) => string) => rotate(trainers, pathOf);
  return [
    {
      key: 'baseline',
      name: 'baseline (session, tenant transaction, select 1)',
      next: learner(() => '/api/bench/baseline'),
    },
    {
      key: 'learner-formations',
      name: 'learner: formation list',
      next: learner(() => '/api/learning/courses'),
    },
    {
      key: 'learner-formation',
      name: 'learner: formation page',
      next: learner((user) => `/api/learning/courses/${user.courseId}`),
    },
    {
      key: 'learner-lesson',
      name: 'learner: lesson',
      next: learner((user) => `/api/learning/courses/${user.courseId}/lessons/${user.lessonId}`),
    },
    {
      key: 'learner-dashboard',
      name: 'learner: Mon Suivi',
      next: learner(() => '/api/time-tracking/dashboard'),
    },
    {
      key: 'learner-progression',
      name: 'learner: progression',
      next: learner(() => '/api/learning/progression'),
    },
    {
      key: 'learner-notifications',
      name: 'learner: notifications',
      next: learner(() => '/api/notifications'),
    },
    { key: 'trainer-formations', name: 'trainer: formation list', next: trainer(() => '/api/courses') },
    {
      key: 'trainer-learners',
      name: 'trainer: learner list',
      next: trainer(() => '/api/organizations/students'),
    },
    {
      key: 'trainer-connection-logs',
      name: 'trainer: connection logs, page 1',
      next: trainer(() => '/api/time-tracking/connection-logs'),
    },
    {
      key: 'trainer-connection-logs-deep',
      name: `trainer: connection logs, page ${deepPage}`,
      next: trainer(() => `/api/time-tracking/connection-logs?page=${deepPage}`),
    },
    {
      key: 'trainer-dashboard',
      name: 'trainer: dashboard',
      next: trainer(() => '/api/trainer/dashboard'),
    },
    {
      key: 'trainer-analytics-12m',
      name: 'trainer: analytics, 12 months',
      next: trainer(() => '/api/trainer/analytics?period=12m'),
    },
    {
      key: 'learner-heartbeat',
      name: 'learner: time-tracking heartbeat (write)',
      next: heartbeatRequests(
        learners.map((user) => ({ sessionId: user.openSessionId, cookie: user.cookie })),
        { origin: baseUrl, openedSecondsAgo: OPENED_SECONDS_AGO },
      ),
    },
  ].filter(
    (scenario) =>
      !args.only ||
      scenario.key === 'baseline' ||
      scenario.key.includes(args.only) ||
      scenario.name.includes(args.only),
  );
}

/** A scale ready to measure: its dataset, its signed-in users and its own server. */
interface Prepared {
  scale: number;
  client: pg.Client;
  loadSeconds: number | null;
  dataset: Record<string, number>;
  learners: Learner[];
  trainers: Trainer[];
  organizations: number;
  scenarios: Scenario[];
  baseUrl: string;
  server?: ChildProcess;
  results: ScenarioResult[];
  startedAt: string;
  /** When its last scenario ended, and that scenario's figures until its database work is known. */
  lastEndedAt: number;
  pending?: { before: DatabaseWork; result: ScenarioResult };
}

interface DatabaseWork {
  blocks: number;
  /** Of those, the buffers not in PostgreSQL's shared buffers (read from the system's cache or the disk). */
  misses: number;
  rows: number;
}

/**
 * PostgreSQL's counters of the dataset database: buffers read (from the cache or the disk) and rows
 * read by scans. Per request they measure what a route costs the database regardless of the
 * machine's load, so their growth from one scale to the next is a steadier signal than p95.
 */
async function databaseWork(client: pg.Client): Promise<DatabaseWork> {
  const { rows } = await client.query<{ blocks: string; misses: string; rows: string }>(
    `select blks_hit + blks_read as blocks, blks_read as misses, tup_returned + tup_fetched as rows
     from pg_stat_database where datname = current_database()`,
  );
  return {
    blocks: Number(rows[0]?.blocks ?? 0),
    misses: Number(rows[0]?.misses ?? 0),
    rows: Number(rows[0]?.rows ?? 0),
  };
}

/**
 * A backend reports its counters when it goes idle, but at most once a second; what it holds back
 * it reports within 10 s (PostgreSQL 15's PGSTAT_IDLE_INTERVAL). So the counters are read 11 s
 * after a scenario ends (the other scale's scenario usually fills that wait), and the scenario's
 * share is what they moved by since it began.
 */
const STATS_DELAY_MS = 11_000;

async function settledWork(side: Prepared): Promise<DatabaseWork> {
  const wait = side.lastEndedAt + STATS_DELAY_MS - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const work = await databaseWork(side.client);
  if (side.pending) {
    const { before, result } = side.pending;
    result.dbBlocks = Math.round(((work.blocks - before.blocks) / Math.max(1, result.requests)) * 10) / 10;
    result.dbMisses = Math.round(((work.misses - before.misses) / Math.max(1, result.requests)) * 10) / 10;
    result.dbRows = Math.round(((work.rows - before.rows) / Math.max(1, result.requests)) * 10) / 10;
    console.log(
      `  scale ${side.scale}, ${result.name}: ${result.dbBlocks} buffers (${result.dbMisses} not in shared buffers) and ${result.dbRows} rows read per request`,
    );
    side.pending = undefined;
  }
  return work;
}

const COUNTED_TABLES = [
  'organizations',
  'profiles',
  'courses',
  'course_enrollments',
  'user_time_tracking',
  'sign_in_logs',
  'notifications',
];

async function prepareScale(admin: pg.Client, scale: number, port: number): Promise<Prepared> {
  const { url, loadSeconds } = await prepareDataset(admin, scale);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const baseUrl = `http://127.0.0.1:${port}`;
  const prepared: Prepared = {
    scale,
    client,
    loadSeconds,
    dataset: {},
    learners: [],
    trainers: [],
    organizations: 0,
    scenarios: [],
    baseUrl,
    results: [],
    startedAt: '',
    lastEndedAt: 0,
  };
  for (const table of COUNTED_TABLES) {
    const { rows } = await client.query<{ count: number }>(`select count(*)::int as count from ${table}`);
    prepared.dataset[table] = rows[0]?.count ?? 0;
  }
  await removeBenchRows(client);
  await vacuum(client, scale);
  const { learners, trainers, organizations, deepPage } = await signIn(client, scale);
  if (learners.length === 0 || trainers.length === 0)
    throw new Error('the dataset has no learner or trainer to sign in');
  Object.assign(prepared, { learners, trainers, organizations });
  prepared.scenarios = scenarios(learners, trainers, deepPage, baseUrl);
  prepared.server = await startServer({
    root: SERVER_ROOT,
    port,
    secret: SECRET,
    // NODE_ENV=test: production refuses BENCH_BASELINE, the route every scenario is compared with.
    env: { NODE_ENV: 'test', BENCH_BASELINE: 'true', DATABASE_URL: url },
    cpuProfDir: args['cpu-prof'],
  });
  return prepared;
}

async function release(prepared: Prepared) {
  if (prepared.server) {
    const server = prepared.server;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await removeBenchRows(prepared.client);
  await prepared.client.end();
}

/**
 * A scenario's requests per second over the baseline's, both measured in alternating slices right
 * before the scenario's own measure (support/load.ts, compareInSlices). The machine is shared and its
 * load moves within a run by more than the differences between routes (a helper's test suite
 * starting halved the baseline between two scenarios); the baseline measured once before the
 * scenario, 20 s apart with the wait for the database's counters, gave Mon Suivi 0.43× and 0.35×
 * in two runs an hour apart. Its database counters settle before the scenario's are read, so
 * they stay out of the scenario's share.
 */
async function compareWithBaseline(side: Prepared, baseline: Scenario, scenario: Scenario) {
  await settledWork(side);
  // Unmeasured: each of the server's connections prepares the scenario's statements the first time
  // (a few ms each), which weighed on the first pair alone (0.35× against 0.48 to 0.65 after it).
  await measureClosedLoop({
    name: 'warm-up',
    url: side.baseUrl,
    connections: CONNECTIONS,
    seconds: 1,
    next: scenario.next,
  });
  const comparison = await compareInSlices({
    url: side.baseUrl,
    connections: CONNECTIONS,
    pairs: RATIO_PAIRS,
    sliceSeconds: RATIO_SLICE_SECONDS,
    a: baseline.next,
    b: scenario.next,
  });
  side.lastEndedAt = performance.now();
  return comparison;
}

/**
 * Every scale gets its own server, all running at once, and each scenario is measured on one scale
 * right after the other (in turns: 1 then 5, then 5 then 1), so a change in the machine's load
 * weighs on both sides of a comparison alike instead of on one whole scale.
 */
async function runScales(admin: pg.Client, scales: number[]): Promise<ScaleRun[]> {
  const prepared: Prepared[] = [];
  try {
    for (const [i, scale] of scales.entries()) prepared.push(await prepareScale(admin, scale, PORT + i));
    for (const side of prepared) {
      // One pass over every signed-in user, so their sessions are in the server's cache, as for
      // people already signed in.
      const everyone = [...side.learners, ...side.trainers];
      await measureClosedLoop({
        name: 'warm-up',
        url: side.baseUrl,
        connections: CONNECTIONS,
        seconds: 60,
        requestCap: 2 * everyone.length,
        next: rotate(everyone, () => '/api/bench/baseline'),
      });
      // The warm-up's counters must not land in the first scenario's share.
      side.lastEndedAt = performance.now();
      side.startedAt = new Date().toISOString();
    }
    const count = prepared[0]!.scenarios.length;
    for (let index = 0; index < count; index += 1) {
      const order = index % 2 === 0 ? prepared : [...prepared].reverse();
      for (const side of order) {
        const scenario = side.scenarios[index]!;
        const comparison =
          scenario.key === 'baseline'
            ? undefined
            : await compareWithBaseline(side, side.scenarios[0]!, scenario);
        const before = await settledWork(side);
        const cpuBefore = await cpuSnapshot(side.client, side.server!.pid!);
        const result = await measureClosedLoop({
          name: scenario.name,
          url: side.baseUrl,
          connections: CONNECTIONS,
          seconds: SECONDS,
          next: scenario.next,
        });
        const cpu = cpuPerRequest(
          cpuBefore,
          await cpuSnapshot(side.client, side.server!.pid!),
          result.requests,
        );
        side.lastEndedAt = performance.now();
        const ratio = hundredths(comparison?.ratio ?? 1);
        side.results.push({
          ...result,
          key: scenario.key,
          ratio,
          ...(comparison && { pairRatios: comparison.pairRatios.map(hundredths) }),
          ...cpu,
          dbBlocks: 0,
          dbMisses: 0,
          dbRows: 0,
        });
        side.pending = { before, result: side.results.at(-1)! };
        console.log(
          `  scale ${side.scale}, ${scenario.name}: ${result.reqPerSec} req/s (${ratio.toFixed(2)}×${comparison ? `, pairs ${comparison.pairRatios.map((pair) => pair.toFixed(2)).join(' ')}` : ''}), p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, ${result.errors} errors, CPU per request ${cpu.serverCpuMs} ms server + ${cpu.dbCpuMs} ms database`,
        );
      }
    }
    for (const side of prepared) await settledWork(side);
  } finally {
    for (const side of prepared) await release(side);
  }
  return prepared.map((side) => ({
    scale: side.scale,
    database: datasetDatabase(side.scale),
    loadSeconds: side.loadSeconds,
    dataset: side.dataset,
    signedIn: {
      learners: side.learners.length,
      trainers: side.trainers.length,
      organizations: side.organizations,
    },
    connections: CONNECTIONS,
    secondsPerScenario: SECONDS,
    startedAt: side.startedAt,
    scenarios: side.results,
  }));
}

/** Lighthouse as its own script prints it (it starts its own server on the built app). */
const LIGHTHOUSE_SCRIPT = path.join(import.meta.dirname, 'lighthouse.ts');

function runLighthouse(): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', LIGHTHOUSE_SCRIPT], {
    cwd: path.join(ROOT, 'bench'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The load figures are worth keeping even when Lighthouse fails: the report says it did.
  if (result.status !== 0) return `${result.stdout}\nbench:lighthouse failed (exit ${result.status})`;
  return result.stdout;
}

function printGrowth(runs: ScaleRun[]) {
  for (let i = 1; i < runs.length; i += 1) {
    const rows = compareScales(runs[i - 1]!, runs[i]!);
    console.log(`\np95 at scale ${runs[i]!.scale} over scale ${runs[i - 1]!.scale} (limit ${GROWTH_LIMIT}):`);
    for (const row of rows) {
      console.log(
        `  p95 ${row.exceeds ? 'ABOVE' : 'ok   '} ${row.growth.toFixed(2)} (${row.growthOverBaseline.toFixed(2)} over baseline), db buffers ${row.blocksExceed ? 'ABOVE' : 'ok   '} ${row.blocksGrowth.toFixed(2)}  ${row.name}: ${row.p95Small} → ${row.p95Large} ms`,
      );
    }
  }
}

function write(bench: BenchRun) {
  if (args.json) {
    const file = fromCaller(args.json);
    writeFileSync(file, `${JSON.stringify(bench, null, 2)}\n`);
    // In biome's layout (short arrays on one line), which the lint checks on every JSON file of the
    // repository: a run saved under bench/results/ failed CI as JSON.stringify had laid it out.
    // Biome formats only files under the repository (it stops with an error on others).
    if (file.startsWith(ROOT + path.sep)) {
      spawnSync('npx', ['biome', 'format', '--write', file], { cwd: ROOT, stdio: 'ignore' });
    }
    console.log(`\nresults: ${file}`);
  }
  if (args.report) {
    const file = fromCaller(args.report);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, markdownReport(bench));
    console.log(`report: ${file}`);
  }
}

/** The growth and the report again from saved results: one file with several scales, or one per scale. */
async function compare() {
  if (positionals.length < 1 || positionals.length > 2)
    throw new Error('--compare takes one result file with several scales, or two (smaller scale first)');
  const saved = positionals.map((file) => JSON.parse(readFileSync(fromCaller(file), 'utf8')) as BenchRun);
  const runs = saved.flatMap((bench) => bench.runs).sort((a, b) => a.scale - b.scale);
  printGrowth(runs);
  // The report names the later run's machine and commit; each scale keeps its own start time.
  const latest = saved.at(-1)!;
  write({ ...latest, runs, lighthouse: latest.lighthouse ?? saved[0]!.lighthouse });
}

async function main() {
  if (args.compare) return compare();
  // Said before the load scenarios' minutes, not after.
  if (args.lighthouse && !existsSync(LIGHTHOUSE_SCRIPT))
    throw new Error('--lighthouse: bench/src/lighthouse.ts is not there');
  const scales = args.scale.split(',').map((value) => {
    const scale = Number(value);
    planDataset(scale);
    return scale;
  });
  const admin = await connectAdmin();
  try {
    const bench: BenchRun = {
      date: new Date().toISOString(),
      ...describeCommit(SERVER_ROOT),
      server: args.root ? `the checkout at ${SERVER_ROOT}` : 'the working tree',
      machine: await describeMachine(admin),
      runs: [],
    };
    bench.runs = await runScales(admin, scales);
    for (const run of bench.runs) console.log(`\nscale ${run.scale}\n${scenarioTable(run)}`);
    printGrowth(bench.runs);
    if (args.lighthouse) bench.lighthouse = runLighthouse();
    write(bench);
  } finally {
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
