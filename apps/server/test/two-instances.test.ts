import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MONITORING } from '@cursus/contracts';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MONITORING_JOB } from '../src/modules/system/monitoring.ts';
import { ENGINE, STRONG_PASSWORD } from './helper.ts';

/**
 * Issue 19 point 4: two real server processes (`main.ts`, as production starts them) on one
 * PostgreSQL database and one S3 bucket, each with its own port, memory and DATA_DIR, behind the
 * same public address as a load balancer would put them. The database starts empty, so both also
 * migrate it at once, as a first deploy does.
 */

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const APP_URL = 'http://localhost:3000';
const BUCKET = 'cursus-two-instances';
// s3rver's own key pair: it checks every request's signature against it.
const S3_KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600, 0x20), Buffer.from('\n%%EOF\n')]);

interface ErrorBody {
  error: { code: string };
}
const bodyOf = async <T>(response: Response) => (await response.json()) as T;

interface Instance {
  name: string;
  port: number;
  process: ChildProcess;
  output: string;
  exited: Promise<number | null>;
  dataDir: string;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  for (const started = Date.now(); Date.now() - started < timeoutMs; ) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cursus-${name}-`));
  // Only what a production unit would set: nothing of the test runner's environment leaks in, and
  // the working directory holds no .env.
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = {
    name,
    port,
    process: child,
    output: '',
    dataDir,
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  const keep = (chunk: Buffer) => {
    instance.output += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return instance;
}

async function waitUntilReady(instance: Instance) {
  let hasExited = false;
  void instance.exited.then(() => {
    hasExited = true;
  });
  // A process compiles the server's TypeScript as it loads it (tsx): about 10 s on a quiet 2-core
  // machine, 50 s seen on one running other suites beside.
  const isReady = await until(async () => {
    if (hasExited) return true;
    try {
      return (await fetch(`http://127.0.0.1:${instance.port}/api/ready`)).status === 200;
    } catch {
      return false;
    }
  }, 100_000);
  if (!isReady || hasExited)
    throw new Error(`instance ${instance.name} did not become ready:\n${instance.output}`);
}

async function stopInstance(instance: Instance) {
  if (instance.process.exitCode === null) {
    instance.process.kill('SIGTERM');
    const timer = setTimeout(() => instance.process.kill('SIGKILL'), 10_000);
    await instance.exited;
    clearTimeout(timer);
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

describe.skipIf(ENGINE !== 'postgres')(
  'two server processes on one PostgreSQL database (PostgreSQL only: PGlite lives inside one process, two cannot share it)',
  () => {
    let s3: S3rver;
    let s3Dir: string;
    let db: pg.Client;
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/none');
      // Named like the other files' databases, so the run's teardown drops it.
      const name = `cursus_test_${inject('runId')}_${randomUUID().slice(0, 8)}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      url.pathname = `/${name}`;

      s3Dir = mkdtempSync(path.join(tmpdir(), 'cursus-s3-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: BUCKET }],
      });
      const { port: s3Port } = await s3.run();

      const env = {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        APP_URL,
        DATABASE_URL: url.toString(),
        LOG_LEVEL: 'warn',
        // Each process's clock is real time plus an offset POST /api/test/clock moves (and then runs
        // the jobs that fell due): how the scheduler is tested without waiting.
        TEST_CLOCK: 'true',
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_PREFIX: 'cursus',
        ...S3_KEYS,
      };
      const [portA, portB] = [await freePort(), await freePort()];
      a = startInstance('a', portA, env);
      b = startInstance('b', portB, env);
      await Promise.all([waitUntilReady(a), waitUntilReady(b)]);

      db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
    }, 150_000);

    afterAll(async () => {
      await Promise.all([a, b].filter(Boolean).map(stopInstance));
      await db?.end();
      await s3?.close();
      if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
    });

    async function call(
      instance: Instance,
      method: string,
      url: string,
      options: { cookie?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
    ) {
      return fetch(`http://127.0.0.1:${instance.port}${url}`, {
        method,
        redirect: 'manual',
        headers: {
          origin: APP_URL,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.json === undefined ? options.body : JSON.stringify(options.json),
      });
    }
    const cookieOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
    const signIn = (instance: Instance, email: string, password = STRONG_PASSWORD) =>
      call(instance, 'POST', '/api/auth/sign-in', { json: { email, password } });
    const session = async (instance: Instance, cookie: string) =>
      call(instance, 'GET', '/api/auth/session', { cookie });

    async function verificationPath(email: string) {
      const { rows } = await db.query<{ text: string }>(
        'select text from email_outbox where to_address = $1 order by created_at desc limit 1',
        [email],
      );
      const link = rows[0]?.text
        .match(/https?:\/\/\S+/g)
        ?.find((url) => url.includes('/api/auth/verify-email'));
      if (!link) throw new Error(`no confirmation mail to ${email}`);
      return link.replace(APP_URL, '');
    }

    /** Signs up on `signUpOn`, confirms through the other instance, signs in on `signUpOn`. */
    async function createUser(
      signUpOn: Instance,
      confirmOn: Instance,
      input: { email: string; role: 'trainer' | 'student'; organizationName?: string },
    ) {
      const signUp = await call(signUpOn, 'POST', '/api/auth/sign-up', {
        json: {
          firstName: 'Anne',
          lastName: 'Deux',
          ...input,
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
        },
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
      const confirmed = await call(confirmOn, 'GET', await verificationPath(input.email));
      expect(confirmed.status).toBeLessThan(400);
      const signedIn = await signIn(signUpOn, input.email);
      expect(signedIn.status, await signedIn.clone().text()).toBe(200);
      const cookie = cookieOf(signedIn);
      const { user } = await bodyOf<{ user: { id: string } }>(await session(signUpOn, cookie));
      return { cookie, id: user.id, email: input.email };
    }

    let trainer: Awaited<ReturnType<typeof createUser>>;
    let learner: Awaited<ReturnType<typeof createUser>>;

    it('share one secret and the sessions: opened on one, accepted on the other; signed out on one, refused on the other', async () => {
      trainer = await createUser(a, b, {
        email: 'formatrice@deux-instances.example',
        role: 'trainer',
        organizationName: 'Organisme Deux Instances',
      });
      learner = await createUser(b, a, { email: 'apprenant@deux-instances.example', role: 'student' });
      expect(
        (
          await call(a, 'POST', '/api/organizations/assign-student', {
            cookie: trainer.cookie,
            json: { email: learner.email },
          })
        ).status,
      ).toBe(200);

      // A second session of the trainer's, opened on A, used on B (twice: B now holds it in its cache).
      const cookie = cookieOf(await signIn(a, trainer.email));
      for (const _ of [1, 2]) {
        const seen = await session(b, cookie);
        expect(seen.status).toBe(200);
        expect((await bodyOf<{ user: { email: string } }>(seen)).user.email).toBe(trainer.email);
      }
      expect((await call(a, 'POST', '/api/auth/sign-out', { cookie })).status).toBe(200);
      const refused = await call(b, 'GET', '/api/notifications/unread-count', { cookie });
      expect(refused.status).toBe(401);
      expect((await bodyOf<ErrorBody>(refused)).error.code).toBe('NO_SESSION');
      // The trainer's other session is untouched, on either instance.
      expect((await session(b, trainer.cookie)).status).toBe(200);
    });

    it('count sign-in failures together: 3 wrong passwords on A and 3 on B, the sixth answers 429', async () => {
      const statuses: number[] = [];
      for (const instance of [a, a, a, b, b, b])
        statuses.push((await signIn(instance, learner.email, 'Mauvais-Passe-1')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // The account's window is full everywhere, even for the right password.
      const locked = await signIn(a, learner.email);
      expect(locked.status).toBe(429);
      expect((await bodyOf<ErrorBody>(locked)).error.code).toBe('RATE_LIMITED');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('store uploads in the shared bucket: uploaded through A, downloaded through B', async () => {
      const boundary = '----cursus-two-instances';
      const uploaded = await call(a, 'POST', '/api/files?purpose=record', {
        cookie: trainer.cookie,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          PDF,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const file = (await uploaded.json()) as { url: string };
      const downloaded = await call(b, 'GET', file.url, { cookie: trainer.cookie });
      expect(downloaded.status).toBe(200);
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(PDF)).toBe(true);
    });

    it('deliver live notifications everywhere: a message sent through A reaches the stream open on B', async () => {
      let received = '';
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(
            {
              port: b.port,
              host: '127.0.0.1',
              path: '/api/live',
              headers: { cookie: learner.cookie, accept: 'text/event-stream' },
            },
            resolve,
          )
          .on('error', reject);
      });
      try {
        expect(response.statusCode).toBe(200);
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received += chunk;
        });
        const started = await call(a, 'POST', '/api/messages/conversations', {
          cookie: trainer.cookie,
          json: { participantId: learner.id },
        });
        expect(started.status, await started.clone().text()).toBe(200);
        const { id } = (await started.json()) as { id: string };
        const sent = await call(a, 'POST', `/api/messages/conversations/${id}/messages`, {
          cookie: trainer.cookie,
          json: { body: 'Bonjour depuis l’instance A' },
        });
        expect(sent.status).toBe(200);
        expect(await until(() => received.includes('event: notification'))).toBe(true);
        expect(received).toContain('event: notification\ndata: {"type":"message_received"}\n');
      } finally {
        response.destroy();
      }
    });

    it('run each job once: both schedulers due at the same moment make one claim and one run', async () => {
      const monitoringRuns = async () =>
        (
          await db.query<{ ran_at: Date }>('select ran_at from system_monitoring_runs order by ran_at')
        ).rows.map((row) => row.ran_at.getTime());
      // Both processes ran their first tick when they started, at the same moment: every job was due.
      expect(
        await until(async () => {
          const { rows } = await db.query<{ pending: number }>(
            'select count(*) filter (where finished_at is null)::int as pending from job_runs',
          );
          return rows[0]!.pending === 0 && (await monitoringRuns()).length > 0;
        }),
      ).toBe(true);
      const [first, ...others] = await monitoringRuns();
      expect(others).toEqual([]);

      // Both clocks past the job's interval at once, twice over: each process ticks, one claims.
      const later = { offsetMs: MONITORING.intervalMs + 60_000 };
      for (const _ of [1, 2]) {
        const moved = await Promise.all(
          [a, b].map((instance) => call(instance, 'POST', '/api/test/clock', { json: later })),
        );
        expect(moved.map((response) => response.status)).toEqual([200, 200]);
      }
      const runs = await monitoringRuns();
      expect(runs).toHaveLength(2);
      expect(runs[1]! - first!).toBeGreaterThanOrEqual(MONITORING.intervalMs);
      const { rows } = await db.query<{
        last_run_at: Date;
        finished_at: Date | null;
        last_error: string | null;
      }>('select last_run_at, finished_at, last_error from job_runs where name = $1', [MONITORING_JOB]);
      expect(rows).toHaveLength(1);
      // The claim's time, read from the clock just before the run's own.
      expect(runs[1]! - rows[0]!.last_run_at.getTime()).toBeGreaterThanOrEqual(0);
      expect(runs[1]! - rows[0]!.last_run_at.getTime()).toBeLessThan(1_000);
      expect(rows[0]!.last_error).toBeNull();
    });

    it('started together on an empty database: both migrated it, kept running and logged no error', () => {
      expect(a.process.exitCode).toBeNull();
      expect(b.process.exitCode).toBeNull();
      // pino's error and fatal levels.
      expect(`${a.output}${b.output}`).not.toMatch(/"level":(50|60)/);
    });
  },
);
