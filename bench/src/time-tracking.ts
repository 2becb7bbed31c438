/**
 * Time-tracking write benchmark (issue 5): N learners each with an open session, heartbeats over
 * HTTP against a server started the way production starts it. The target is 30,000 learners
 * writing every 30 s, i.e. 1,000 writes/s with p99 under 50 ms, on PostgreSQL; the embedded engine
 * runs the same scenario for comparison.
 *
 *   npm run bench:time-tracking -- --engine postgres|pglite [--students 30000] [--duration 30]
 *
 * PostgreSQL: a private database `cursus_bench` on BENCH_POSTGRES_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), created and dropped by this script.
 * Only 127.0.0.1 is ever contacted; every phase stops by itself (duration and request cap).
 * Phases: a warm-up pass (one heartbeat per learner, the cold figures), the target rate, then as
 * fast as the server goes.
 *
 * The target phase is open-loop: learners writing every 30 s from their own browsers arrive spread
 * over time, not in step, so a write is due every 1/rate s and its latency counts from when it was
 * due (a late generator or a full connection pool adds to it). autocannon's `overallRate` does not
 * model that: each connection sends its quota at the start of every second, then waits, which
 * measures a burst of 1,000 simultaneous writes instead. autocannon drives the closed-loop phases.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { signedSessionCookie, startServer } from './support/server.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    students: { type: 'string', default: '30000' },
    duration: { type: 'string', default: '30' },
    rate: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3917' },
    /** Writes a V8 CPU profile of the server to this folder (chrome://inspect or speedscope). */
    'cpu-prof': { type: 'string' },
  },
});
const ENGINE = args.engine === 'pglite' ? 'pglite' : 'postgres';
const STUDENTS = Number(args.students);
const DURATION_S = Number(args.duration);
const TARGET_RATE = Number(args.rate);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const ORGANIZATIONS = Math.max(1, Math.ceil(STUDENTS / 1000));
const BASE_URL = `http://127.0.0.1:${PORT}`;
const SECRET = randomBytes(32).toString('base64url');
const RUN = randomBytes(4).toString('hex');
const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'cursus_bench';
const LEAD_IN_S = 3;
const SETTLE_S = 5;

const sessionId = (index: number) => `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const token = (index: number) => `bench-${RUN}-${index}`;

const sessionCookie = (index: number) => signedSessionCookie(token(index), SECRET);

/** Learners, their auth sessions, a week of closed sessions each and one open session, on the owner connection. */
async function generate(target: { databaseUrl: string } | { dataDir: string }) {
  const started = Date.now();
  const database = await openDatabase(target);
  await database.migrate();
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  const org = sql.raw(
    `('00000000-0000-4000-8000-' || lpad((1 + g % ${ORGANIZATIONS})::text, 12, '0'))::uuid`,
  );
  const n = sql.raw(String(STUDENTS));
  await run(sql`insert into organizations (id, name)
    select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Bench ' || g
    from generate_series(1, ${sql.raw(String(ORGANIZATIONS))}) g`);
  await run(sql`insert into auth_users (id, name, email, email_verified)
    select 'bench-' || g, 'Learner ' || g, 'learner' || g || '@bench.example', true from generate_series(1, ${n}) g`);
  await run(sql`insert into profiles (id, email, full_name, first_name, last_name, role, organization_id)
    select 'bench-' || g, 'learner' || g || '@bench.example', 'Learner ' || g, 'Learner', g::text, 'student', ${org}
    from generate_series(1, ${n}) g`);
  await run(
    sql`insert into user_roles (user_id, role) select 'bench-' || g, 'student' from generate_series(1, ${n}) g`,
  );
  await run(sql`insert into auth_sessions (id, token, expires_at, user_id)
    select 'bench-session-' || g, ${`bench-${RUN}-`} || g, now() + interval '7 days', 'bench-' || g
    from generate_series(1, ${n}) g`);
  await run(sql`insert into user_time_tracking (user_id, organization_id, session_start, session_end, last_activity_at, duration_seconds)
    select 'bench-' || g, ${org}, now() - make_interval(days => d), now() - make_interval(days => d) + interval '1 hour',
      now() - make_interval(days => d) + interval '1 hour', 3600
    from generate_series(1, ${n}) g, generate_series(1, 7) d`);
  await run(sql`insert into user_total_time (user_id, organization_id, total_time_seconds, total_hours, remaining_minutes)
    select 'bench-' || g, ${org}, 7 * 3600, 7, 0 from generate_series(1, ${n}) g`);
  await run(sql`insert into user_time_tracking (id, user_id, organization_id, session_start, last_activity_at, duration_seconds)
    select ('10000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'bench-' || g, ${org},
      now() - interval '1 hour', now() - interval '30 seconds', 3570
    from generate_series(1, ${n}) g`);
  await run(sql`analyze`);
  await database.close();
  console.log(
    `generated ${STUDENTS} learners in ${ORGANIZATIONS} organisations (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

/** The server as `npm start` runs it (without the web build), on its own port and storage. */
function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Learner after learner, each heartbeat claiming the seconds its session has had so far. */
function heartbeats() {
  let next = 0;
  const startedAt = Date.now();
  return () => {
    const index = (next++ % STUDENTS) + 1;
    const elapsedSeconds = Math.min(28_000, 3570 + Math.floor((Date.now() - startedAt) / 1000));
    return {
      path: `/api/time-tracking/sessions/${sessionId(index)}/heartbeat`,
      headers: { cookie: sessionCookie(index), 'content-type': 'application/json', origin: BASE_URL },
      body: JSON.stringify({ elapsedSeconds }),
    };
  };
}

function report(label: string, latencies: number[], requests: number, errors: number, seconds: number) {
  latencies.sort((a, b) => a - b);
  const summary = {
    phase: label,
    requests,
    reqPerSec: Math.round(requests / seconds),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    errors,
    seconds,
  };
  console.log(JSON.stringify(summary));
  return summary;
}

/** Closed loop: every connection sends its next heartbeat as soon as the last one answered. */
async function driveFlatOut(label: string, seconds: number, requestCap?: number) {
  const nextHeartbeat = heartbeats();
  const latencies: number[] = [];
  let failures = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: BASE_URL,
        connections: CONNECTIONS,
        duration: seconds,
        // A cap as well as the duration, so the phase always ends.
        maxOverallRequests: requestCap ?? 20_000 * seconds,
        requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, ...nextHeartbeat() }) }],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode !== 200) failures += 1;
    });
  });
  return report(
    label,
    latencies,
    result.requests.total,
    failures + result.errors + result.timeouts,
    result.duration || seconds,
  );
}

/**
 * Open loop at `rate` writes a second, one due every 1/rate s, over at most CONNECTIONS keep-alive
 * connections; a write's latency runs from when it was due to its answer. The first LEAD_IN_S
 * seconds are not counted: they open the connections, which a reverse proxy in front of the server
 * keeps open in production.
 */
async function driveAtRate(label: string, seconds: number, rate: number) {
  const nextHeartbeat = heartbeats();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const leadIn = rate * LEAD_IN_S;
  const total = leadIn + rate * seconds;
  const startedAt = performance.now();
  const countedFrom = startedAt + LEAD_IN_S * 1000;
  const inFlight = new Set<Promise<void>>();
  const send = (dueAt: number) => {
    const { path: requestPath, headers, body } = nextHeartbeat();
    const done = new Promise<void>((resolve) => {
      const request = http.request(
        `${BASE_URL}${requestPath}`,
        { method: 'POST', agent, headers, timeout: 10_000 },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (dueAt >= countedFrom) latencies.push(performance.now() - dueAt);
            if (response.statusCode !== 200) errors += 1;
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  // Every millisecond or so, send what has fallen due (timers fire late under load: catch up).
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && startedAt + (sent * 1000) / rate <= now) {
        send(startedAt + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  return report(label, latencies, total - leadIn, errors, (performance.now() - countedFrom) / 1000);
}

async function main() {
  let tempDir: string | undefined;
  let env: Record<string, string>;
  let admin: pg.Client | undefined;
  if (ENGINE === 'postgres') {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.query(`create database ${BENCH_DB}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${BENCH_DB}`;
    env = { DATABASE_URL: url.toString() };
    await generate({ databaseUrl: env.DATABASE_URL! });
  } else {
    tempDir = mkdtempSync(path.join(tmpdir(), 'cursus-bench-'));
    env = { DATA_DIR: tempDir };
    await generate({ dataDir: tempDir });
  }
  const server = await startServer({
    root: ROOT,
    port: PORT,
    secret: SECRET,
    env,
    cpuProfDir: args['cpu-prof'],
  });
  try {
    console.log(
      `engine ${ENGINE}, ${STUDENTS} learners, ${CONNECTIONS} connections, ${DURATION_S} s per phase, after a warm-up pass`,
    );
    // Steady state: every learner has written once (as after their first heartbeat in production),
    // so the server's session cache holds them, as it does for learners writing every 30 s.
    await driveFlatOut('warm-up (one write per learner)', 300, STUDENTS);
    // The flat-out pass leaves work behind (its 50 connections closing, the database writing out
    // 30,000 fresh updates): measured from the next second, it showed as queued writes.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    const atTarget = await driveAtRate(`target ${TARGET_RATE}/s, spread evenly`, DURATION_S, TARGET_RATE);
    await driveFlatOut('maximum', DURATION_S);
    const passed = atTarget.reqPerSec >= TARGET_RATE * 0.98 && atTarget.p99Ms < 50 && atTarget.errors === 0;
    console.log(
      `${ENGINE}: ${passed ? 'meets' : 'misses'} the target (≥ ${TARGET_RATE} writes/s, p99 < 50 ms, no error)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (admin) {
      await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
      await admin.end();
    }
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
