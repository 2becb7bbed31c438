/**
 * What the three drills share: their set-up and verdict (runDrill), a small dataset, clients that
 * record every answer, the learners' writes with what the server acknowledged, and the check that
 * every acknowledged write is in the database afterwards.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { signedSessionCookie, startServer } from '../support/server.ts';
import { createPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const ORGANIZATION = '00000000-0000-4000-8000-0000000000d1';
const TRAINER = 'drill-trainer';
const LESSON_HTML = `<p>${'Texte de la leçon. '.repeat(200)}</p>`;

export interface Learner {
  id: string;
  cookie: string;
  /** The open session the learner heartbeats (learners who open and end their own have none). */
  sessionId: string | null;
}

export interface DrillWorld {
  baseUrl: string;
  courseId: string;
  lessonId: string;
  trainerCookie: string;
  /** Signed in, each with an open session, for reads and heartbeats. */
  learners: Learner[];
  /** Signed in, each opening, heartbeating and ending sessions of their own. */
  cyclers: Learner[];
}

const openSessionId = (index: number) => `d0000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/**
 * One organisation, its trainer, `learners` learners with an open session opened an hour ago and
 * `cyclers` learners without one, two formations of 3 modules of 4 lessons that everyone follows,
 * a week of closed sessions each, and a signed-in better-auth session per person.
 */
export async function createDrillData(options: {
  databaseUrl: string;
  baseUrl: string;
  secret: string;
  learners: number;
  cyclers: number;
}): Promise<DrillWorld> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl });
  await database.migrate();
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  const total = options.learners + options.cyclers;
  const n = sql.raw(String(total));
  await run(sql`insert into organizations (id, name) values (${ORGANIZATION}, 'Organisme Exercice')`);
  await run(sql`insert into auth_users (id, name, email, email_verified)
    select 'drill-' || g, 'Learner ' || g, 'learner' || g || '@drill.example', true from generate_series(1, ${n}) g
    union all select ${TRAINER}, 'Trainer', 'trainer@drill.example', true`);
  await run(sql`insert into profiles (id, email, full_name, first_name, last_name, role, organization_id)
    select 'drill-' || g, 'learner' || g || '@drill.example', 'Learner ' || g, 'Learner', g::text, 'student', ${ORGANIZATION}::uuid
    from generate_series(1, ${n}) g
    union all select ${TRAINER}, 'trainer@drill.example', 'Trainer', 'Trainer', 'Drill', 'trainer', ${ORGANIZATION}::uuid`);
  await run(sql`insert into user_roles (user_id, role)
    select 'drill-' || g, 'student' from generate_series(1, ${n}) g union all select ${TRAINER}, 'trainer'`);
  await run(sql`insert into auth_sessions (id, token, expires_at, user_id)
    select 'drill-session-' || id, 'drill-token-' || id, now() + interval '7 days', id from auth_users`);
  await run(sql`insert into courses (organization_id, title, description, status, created_by)
    select ${ORGANIZATION}::uuid, 'Formation ' || g, 'Description de la formation ' || g, 'published', ${TRAINER}
    from generate_series(1, 2) g`);
  await run(sql`insert into course_modules (organization_id, course_id, title, position)
    select ${ORGANIZATION}::uuid, c.id, 'Module ' || m, m from courses c, generate_series(0, 2) m`);
  await run(sql`insert into course_lessons (organization_id, course_id, module_id, title, type, position, content)
    select ${ORGANIZATION}::uuid, m.course_id, m.id, 'Leçon ' || l, 'text', l,
      jsonb_build_object('type', 'text', 'html', ${LESSON_HTML}::text)
    from course_modules m, generate_series(0, 3) l`);
  await run(sql`insert into course_enrollments (organization_id, course_id, student_id, progress)
    select ${ORGANIZATION}::uuid, c.id, p.id, 0 from courses c, profiles p where p.role = 'student'`);
  await run(sql`insert into user_time_tracking (user_id, organization_id, session_start, session_end, last_activity_at, duration_seconds)
    select p.id, ${ORGANIZATION}::uuid, now() - make_interval(days => d), now() - make_interval(days => d) + interval '1 hour',
      now() - make_interval(days => d) + interval '1 hour', 3600
    from profiles p, generate_series(1, 7) d where p.role = 'student'`);
  await run(sql`insert into user_total_time (user_id, organization_id, total_time_seconds, total_hours, remaining_minutes)
    select id, ${ORGANIZATION}::uuid, 7 * 3600, 7, 0 from profiles where role = 'student'`);
  await run(sql`insert into user_time_tracking (id, user_id, organization_id, session_start, last_activity_at, duration_seconds)
    select ('d0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'drill-' || g, ${ORGANIZATION}::uuid,
      now() - interval '1 hour', now() - interval '10 seconds', 3590
    from generate_series(1, ${sql.raw(String(options.learners))}) g`);
  await run(sql`analyze`);
  const { rows } = (await run(sql`select c.id as course_id, l.id as lesson_id from courses c
    join course_lessons l on l.course_id = c.id order by c.id, l.position limit 1`)) as unknown as {
    rows: { course_id: string; lesson_id: string }[];
  };
  await database.close();
  const cookie = (userId: string) => signedSessionCookie(`drill-token-${userId}`, options.secret);
  return {
    baseUrl: options.baseUrl,
    courseId: rows[0]!.course_id,
    lessonId: rows[0]!.lesson_id,
    trainerCookie: cookie(TRAINER),
    learners: Array.from({ length: options.learners }, (_, i) => ({
      id: `drill-${i + 1}`,
      cookie: cookie(`drill-${i + 1}`),
      sessionId: openSessionId(i + 1),
    })),
    cyclers: Array.from({ length: options.cyclers }, (_, i) => ({
      id: `drill-${options.learners + i + 1}`,
      cookie: cookie(`drill-${options.learners + i + 1}`),
      sessionId: null,
    })),
  };
}

export interface DrillServer {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) and when it exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** What a drill works with, once its database, data and server are up and its clients signed in. */
export interface Drill {
  postgres: PrivatePostgres;
  databaseUrl: string;
  world: DrillWorld;
  server: DrillServer;
  /** The drill's temporary folder, holding the server's log; removed after a clean pass. */
  folder: string;
  logFile: string;
  recorder: Recorder;
  acknowledged: Acknowledged;
  /** Lines the server has logged at error level so far. */
  loggedErrors(): number;
}

/** A drill's verdicts, each printed PASS or FAIL; one FAIL fails the run (exit code 1). */
export type DrillChecks = [name: string, passed: boolean][];

/**
 * Runs a drill: a private PostgreSQL cluster (private-postgres.ts) with the drill's dataset, the
 * server on it as production starts it (support/server.ts) with its JSON log (LOG_LEVEL=warn) in a
 * temporary folder, a recorder and the warm-up. `drill` does its part and prints its figures; this
 * then prints its checks and sets the exit code, removes the folder after a pass with no error
 * logged, and always stops the server and deletes the cluster.
 */
export function runDrill(
  options: {
    /** Names the temporary folder, cursus-drill-<name>-…. */
    name: string;
    port: number;
    pgPort: number;
    learners: number;
    cyclers: number;
    /** Each request's limit (createRecorder's default otherwise). */
    timeoutMs?: number;
    /** The server's extra node arguments and environment, given the drill's folder. */
    server?: (folder: string) => { nodeArgs?: string[]; env?: Record<string, string> };
    /**
     * Requests sent before the drill, their answers forgotten: the senders' sessions are then in the
     * server's cache, as for people already at work. By default every learner's and cycler's.
     */
    warmUp?: (world: DrillWorld) => { path: string; cookie: string }[];
    /** Keeps the folder after a pass too (the soak's memory samples). */
    keepsFolder?: boolean;
  },
  drill: (context: Drill) => Promise<DrillChecks>,
): void {
  const main = async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), `cursus-drill-${options.name}-`));
    const logFile = path.join(folder, 'server.log');
    const secret = randomBytes(32).toString('base64url');
    const baseUrl = `http://127.0.0.1:${options.port}`;
    const postgres = createPrivatePostgres(options.pgPort);
    let server: DrillServer | undefined;
    try {
      await postgres.start();
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query('create database cursus_drill');
      await admin.end();
      const databaseUrl = postgres.url.replace(/\/postgres$/, '/cursus_drill');
      const world = await createDrillData({
        databaseUrl,
        baseUrl,
        secret,
        learners: options.learners,
        cyclers: options.cyclers,
      });
      const extra = options.server?.(folder) ?? {};
      const child = await startServer({
        root: ROOT,
        port: options.port,
        secret,
        logFile,
        nodeArgs: extra.nodeArgs,
        env: { DATABASE_URL: databaseUrl, ...extra.env },
      });
      server = { child, exited: exitOf(child) };
      const recorder = createRecorder(baseUrl, options.timeoutMs);
      const warmUp =
        options.warmUp?.(world) ??
        [...world.learners, ...world.cyclers].map((learner) => ({
          path: '/api/time-tracking/me',
          cookie: learner.cookie,
        }));
      for (const request of warmUp) await recorder.send('warm-up', request);
      recorder.answers.length = 0;
      const loggedErrors = () => countLoggedErrors(readFileSync(logFile, 'utf8'));

      const checks = await drill({
        postgres,
        databaseUrl,
        world,
        server,
        folder,
        logFile,
        recorder,
        acknowledged: createAcknowledged(),
        loggedErrors,
      });
      for (const [name, passed] of checks) console.log(`- ${passed ? 'PASS' : 'FAIL'}: ${name}`);
      if (checks.some(([, passed]) => !passed)) process.exitCode = 1;
      else if (!options.keepsFolder && loggedErrors() === 0) rmSync(folder, { recursive: true, force: true });
    } finally {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await postgres.destroy();
    }
  };
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** The child's exit, whether it is still to come or (between two ticks) already happened. */
function exitOf(child: ChildProcess): DrillServer['exited'] {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode, at: Date.now() });
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One answer, as the drills judge them: status 0 is a connection error or a timeout. */
export interface Answer {
  kind: string;
  startedAt: number;
  endedAt: number;
  status: number;
  /** The error body's code, for answers other than 2xx. */
  code?: string;
  retryAfter?: string | null;
  /** The connection's error, for status 0. */
  failure?: string;
  body?: unknown;
}

export interface Recorder {
  answers: Answer[];
  send(
    kind: string,
    request: { method?: 'GET' | 'POST'; path: string; cookie: string; body?: unknown },
  ): Promise<Answer>;
}

/** Sends requests to `baseUrl` (keep-alive, `timeoutMs` each) and keeps every answer. */
export function createRecorder(baseUrl: string, timeoutMs = 15_000): Recorder {
  const answers: Answer[] = [];
  return {
    answers,
    async send(kind, request) {
      const startedAt = Date.now();
      let answer: Answer;
      try {
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.method ?? 'GET',
          headers: {
            cookie: request.cookie,
            origin: baseUrl,
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = text;
        }
        answer = {
          kind,
          startedAt,
          endedAt: Date.now(),
          status: response.status,
          body,
          ...(response.ok
            ? {}
            : {
                code: (body as { error?: { code?: string } } | undefined)?.error?.code,
                retryAfter: response.headers.get('retry-after'),
              }),
        };
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        answer = {
          kind,
          startedAt,
          endedAt: Date.now(),
          status: 0,
          failure: cause?.code ?? (error as Error).name,
        };
      }
      answers.push(answer);
      return answer;
    },
  };
}

export const isSuccess = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** 'connection ECONNRESET', '503 DATABASE_UNAVAILABLE', '200'. */
export const describeStatus = (answer: Answer) =>
  answer.status === 0
    ? `connection ${answer.failure}`
    : `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;

/** What the server acknowledged (2xx) of the learners' writes. */
export interface Acknowledged {
  /** Per open session: the highest duration and last activity a heartbeat's answer stated. */
  heartbeats: Map<string, { durationSeconds: number; lastActivityAt: string; count: number }>;
  /** Sessions a start's answer created. */
  started: Set<string>;
  /** Sessions an end's answer closed, with the duration it stated. */
  ended: Map<string, number>;
}

export function createAcknowledged(): Acknowledged {
  return { heartbeats: new Map(), started: new Set(), ended: new Map() };
}

/** The read routes of the benchmark's scenarios (bench/README.md), as learners and the trainer. */
export function readRequests(world: DrillWorld) {
  const learner = [
    '/api/learning/courses',
    `/api/learning/courses/${world.courseId}`,
    `/api/learning/courses/${world.courseId}/lessons/${world.lessonId}`,
    '/api/time-tracking/dashboard',
    '/api/learning/progression',
    '/api/notifications',
  ];
  const trainer = [
    '/api/courses',
    '/api/organizations/students',
    '/api/time-tracking/connection-logs',
    '/api/trainer/dashboard',
    '/api/trainer/analytics?period=12m',
  ];
  return { learner, trainer };
}

function recordHeartbeat(acknowledged: Acknowledged, sessionId: string, answer: Answer) {
  if (!isSuccess(answer)) return;
  const body = answer.body as { durationSeconds: number; lastActivityAt: string };
  const seen = acknowledged.heartbeats.get(sessionId);
  acknowledged.heartbeats.set(sessionId, {
    durationSeconds: Math.max(seen?.durationSeconds ?? 0, body.durationSeconds),
    lastActivityAt:
      seen && seen.lastActivityAt > body.lastActivityAt ? seen.lastActivityAt : body.lastActivityAt,
    count: (seen?.count ?? 0) + 1,
  });
}

/**
 * Sends `learner`'s heartbeat claiming the seconds since their session opened (as a browser
 * counts them: an hour when the drill starts).
 */
export function sendHeartbeat(
  recorder: Recorder,
  acknowledged: Acknowledged,
  learner: Learner,
  startedAt: number,
): Promise<Answer> {
  const elapsedSeconds = 3590 + Math.floor((Date.now() - startedAt) / 1000);
  return recorder
    .send('heartbeat', {
      method: 'POST',
      path: `/api/time-tracking/sessions/${learner.sessionId}/heartbeat`,
      cookie: learner.cookie,
      body: { elapsedSeconds },
    })
    .then((answer) => {
      recordHeartbeat(acknowledged, learner.sessionId!, answer);
      return answer;
    });
}

/**
 * A learner who opens a session, heartbeats it twice and ends it, again and again until `isDone`;
 * a step that fails is sent again after `retryMs`, as the browser does (the end carries the whole
 * count, so a retried end counts once).
 */
export async function cycleSessions(options: {
  recorder: Recorder;
  acknowledged: Acknowledged;
  learner: Learner;
  isDone: () => boolean;
  pauseMs: number;
  retryMs: number;
}) {
  const { recorder, acknowledged, learner, isDone } = options;
  const until = async (step: () => Promise<Answer>): Promise<Answer | null> => {
    while (!isDone()) {
      const answer = await step();
      if (isSuccess(answer)) return answer;
      await sleep(options.retryMs);
    }
    return null;
  };
  while (!isDone()) {
    const start = await until(() =>
      recorder.send('session start', {
        method: 'POST',
        path: '/api/time-tracking/sessions/start',
        cookie: learner.cookie,
        body: {},
      }),
    );
    if (!start) return;
    const { session } = start.body as { session: { id: string; sessionStart: string } };
    acknowledged.started.add(session.id);
    const counted = () => Math.max(0, Math.floor((Date.now() - Date.parse(session.sessionStart)) / 1000));
    for (let beat = 0; beat < 2 && !isDone(); beat += 1) {
      await sleep(options.pauseMs);
      const answer = await recorder.send('heartbeat', {
        method: 'POST',
        path: `/api/time-tracking/sessions/${session.id}/heartbeat`,
        cookie: learner.cookie,
        body: { elapsedSeconds: counted() },
      });
      recordHeartbeat(acknowledged, session.id, answer);
    }
    // The end is sent even after the drill's time is up: a session left open would not be checked.
    let end: Answer | null = null;
    for (let attempt = 0; attempt < 20 && !end; attempt += 1) {
      const answer = await recorder.send('session end', {
        method: 'POST',
        path: `/api/time-tracking/sessions/${session.id}/end`,
        cookie: learner.cookie,
        body: { elapsedSeconds: counted() },
      });
      if (isSuccess(answer)) end = answer;
      else if (answer.status === 0 && isDone()) return;
      else await sleep(options.retryMs);
    }
    if (end) {
      const body = end.body as { session: { durationSeconds: number } };
      acknowledged.ended.set(session.id, body.session.durationSeconds);
    }
  }
}

export interface LedgerCheck {
  heartbeatsAcknowledged: number;
  sessionsHeartbeaten: number;
  /** Sessions whose stored duration or last activity is below what a heartbeat's answer stated. */
  heartbeatsLost: number;
  startsAcknowledged: number;
  startsLost: number;
  endsAcknowledged: number;
  /** Ended sessions still open, or stored with less than their end's answer stated. */
  endsLost: number;
  /** Learners whose total differs from the sum of their closed sessions. */
  totalsWrong: number;
}

/** Reads the database after the drill (as its superuser, past row-level security) against `acknowledged`. */
export async function checkLedger(databaseUrl: string, acknowledged: Acknowledged): Promise<LedgerCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = [...new Set([...acknowledged.heartbeats.keys(), ...acknowledged.started])];
    const { rows } = await client.query<{
      id: string;
      duration_seconds: number;
      last_activity_at: Date;
      session_end: Date | null;
    }>(
      'select id, duration_seconds, last_activity_at, session_end from user_time_tracking where id = any($1::uuid[])',
      [ids],
    );
    const stored = new Map(rows.map((row) => [row.id, row]));
    let heartbeatsLost = 0;
    let heartbeatsAcknowledged = 0;
    for (const [id, seen] of acknowledged.heartbeats) {
      heartbeatsAcknowledged += seen.count;
      const row = stored.get(id);
      if (
        !row ||
        row.duration_seconds < seen.durationSeconds ||
        row.last_activity_at.getTime() < Date.parse(seen.lastActivityAt)
      )
        heartbeatsLost += 1;
    }
    const startsLost = [...acknowledged.started].filter((id) => !stored.has(id)).length;
    let endsLost = 0;
    for (const [id, durationSeconds] of acknowledged.ended) {
      const row = stored.get(id);
      if (!row || row.session_end === null || row.duration_seconds < durationSeconds) endsLost += 1;
    }
    const { rows: totals } = await client.query<{ wrong: number }>(
      `select count(*)::int as wrong from user_total_time t
        where t.user_id like 'drill-%' and t.total_time_seconds <> (
          select coalesce(sum(s.duration_seconds), 0) from user_time_tracking s
          where s.user_id = t.user_id and s.session_end is not null)`,
    );
    return {
      heartbeatsAcknowledged,
      sessionsHeartbeaten: acknowledged.heartbeats.size,
      heartbeatsLost,
      startsAcknowledged: acknowledged.started.size,
      startsLost,
      endsAcknowledged: acknowledged.ended.size,
      endsLost,
      totalsWrong: totals[0]!.wrong,
    };
  } finally {
    await client.end();
  }
}

/** The results file's line on the ledger. */
export function describeLedger(ledger: LedgerCheck): string {
  return `Ledger: ${ledger.heartbeatsAcknowledged} heartbeats acknowledged on ${ledger.sessionsHeartbeaten} sessions, ${ledger.heartbeatsLost} sessions below an acknowledged count; ${ledger.startsAcknowledged} starts and ${ledger.endsAcknowledged} ends acknowledged, ${ledger.startsLost} and ${ledger.endsLost} missing; totals wrong: ${ledger.totalsWrong}.`;
}

/** Lines of the server's JSON log at `error` level or above (pino: 50 error, 60 fatal). */
function countLoggedErrors(logText: string): number {
  return logText.split('\n').filter((line) => /"level":(50|60)/.test(line)).length;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The date, the checkout's commit and the machine, for the results file. */
export function describeRun(): string {
  const commit = spawnText('git', ['rev-parse', '--short', 'HEAD']);
  const dirty = spawnText('git', ['status', '--porcelain']).length > 0;
  const cpus = os.cpus();
  const postgres = spawnText(`${process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'}/postgres`, [
    '--version',
  ]);
  return [
    `${new Date().toISOString()}, commit ${commit}${dirty ? ' with uncommitted changes' : ''}`,
    `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}, Node ${process.version}, ${postgres}`,
  ].join('; ');
}

function spawnText(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
}
