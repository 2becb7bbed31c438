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
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { connectAdmin, dropDatabase, recreateDatabase } from './support/database.ts';
import { heartbeatRequests } from './support/heartbeats.ts';
import { type LoadResult, measureAtRate, measureClosedLoop } from './support/load.ts';
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

/** Every learner's open session (ids as `generate` makes them), claiming about an hour so far. */
function heartbeats() {
  const sessions = Array.from({ length: STUDENTS }, (_, i) => ({
    sessionId: sessionId(i + 1),
    cookie: sessionCookie(i + 1),
  }));
  return heartbeatRequests(sessions, { origin: BASE_URL, openedSecondsAgo: 3570 });
}

function print(result: LoadResult) {
  console.log(JSON.stringify(result));
  return result;
}

/** Closed loop: every connection sends its next heartbeat as soon as the last one answered. */
async function driveFlatOut(name: string, seconds: number, requestCap?: number) {
  return print(
    await measureClosedLoop({
      name,
      url: BASE_URL,
      connections: CONNECTIONS,
      seconds,
      requestCap: requestCap ?? 20_000 * seconds,
      next: heartbeats(),
    }),
  );
}

async function main() {
  let tempDir: string | undefined;
  let env: Record<string, string>;
  let admin: pg.Client | undefined;
  if (ENGINE === 'postgres') {
    admin = await connectAdmin();
    env = { DATABASE_URL: await recreateDatabase(admin, BENCH_DB) };
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
    const atTarget = print(
      await measureAtRate({
        name: `target ${TARGET_RATE}/s, spread evenly`,
        url: BASE_URL,
        connections: CONNECTIONS,
        seconds: DURATION_S,
        rate: TARGET_RATE,
        leadInSeconds: LEAD_IN_S,
        next: heartbeats(),
      }),
    );
    await driveFlatOut('maximum', DURATION_S);
    const passed = atTarget.reqPerSec >= TARGET_RATE * 0.98 && atTarget.p99Ms < 50 && atTarget.errors === 0;
    console.log(
      `${ENGINE}: ${passed ? 'meets' : 'misses'} the target (≥ ${TARGET_RATE} writes/s, p99 < 50 ms, no error)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (admin) {
      await dropDatabase(admin, BENCH_DB);
      await admin.end();
    }
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
