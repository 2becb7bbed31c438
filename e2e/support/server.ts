import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, databaseUrl } from './database';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_ENTRY = 'apps/server/src/main.ts';
const SEED_ENTRY = 'apps/server/src/seed-cli.ts';
const WEB_INDEX = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const EMAIL_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 20_000;
const POLL_MS = 200;
/** The email module's log line when there is no SMTP_URL (README "Emails"). */
const EMAIL_LOG_MESSAGE = 'email logged (no SMTP_URL)';

/**
 * Variables the server reads: none may leak in from the shell running the tests (a developer's
 * DATABASE_URL or ADMIN_EMAILS would change what the journeys see). NODE_ENV and VITEST go too, since
 * `npm start` runs without them.
 */
const CLEARED_VARIABLES = [
  /^PORT$/,
  /^HOST$/,
  /^APP_URL$/,
  /^DATA_DIR$/,
  /^DATABASE_URL$/,
  /^TEST_DATABASE_URL$/,
  /^SMTP_URL$/,
  /^MAIL_FROM$/,
  /^ADMIN_EMAILS$/,
  /^SUPPORT_EMAIL$/,
  /^SEED_DEMO$/,
  /^AUTH_SECRET$/,
  /^TRUST_PROXY$/,
  /^LOG_LEVEL$/,
  /^AI_/,
  /^S3_/,
  /^FUNDING_WEBHOOK_SECRET$/,
  /^TEST_CLOCK$/,
  /^NODE_ENV$/,
  /^VITEST/,
];

export type DemoRole = 'admin' | 'trainer' | 'student';

export interface DemoAccount {
  role: DemoRole;
  email: string;
  password: string;
}

/**
 * The demo as seeded once by the global setup: its DATA_DIR (demo accounts, uploaded files) and, on
 * PostgreSQL, the template database holding its rows (null: the rows are in the DATA_DIR's embedded
 * database).
 */
export interface SeededDemo {
  dataDir: string;
  database: string | null;
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Every stdout line so far, parsed when it is JSON (pino), else kept as text. */
  logLines: () => readonly unknown[];
  readDemoAccounts: () => Promise<DemoAccount[]>;
  /** The first link containing `pathPart` in the newest logged email to `to`. */
  waitForEmailLink: (to: string, pathPart: string) => Promise<string>;
  /** Sets the server's test clock to real time + `offsetMs` (TEST_CLOCK, on only for journeys). */
  setClockOffset: (offsetMs: number) => Promise<void>;
  /** Stops the server gracefully, runs `whileDown`, and starts it again with the same port and DATA_DIR. */
  restart: (options?: { whileDown?: () => Promise<void> }) => Promise<void>;
  /** Stops the server and removes its DATA_DIR, unless asked to keep it (as a seeded template). */
  stop: (options?: { keepDataDir?: boolean }) => Promise<void>;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function parseDemoAccounts(content: string): DemoAccount[] {
  const accounts: DemoAccount[] = [];
  for (const rawLine of content.split('\n')) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const [role, email, password] = line.split('\t');
    if ((role !== 'admin' && role !== 'trainer' && role !== 'student') || !email || !password) {
      throw new Error(`Unexpected line in demo-accounts.txt: ${JSON.stringify(line)}`);
    }
    accounts.push({ role, email, password });
  }
  return accounts;
}

function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!CLEARED_VARIABLES.some((pattern) => pattern.test(name))) env[name] = value;
  }
  return { ...env, ...overrides };
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the server as `npm start` does (`node --import tsx apps/server/src/main.ts` from the
 * repository root) without rebuilding the SPA: `npm run test:e2e` builds it first. Each call gets its
 * own port and its own temporary DATA_DIR: empty, so the embedded database is created and seeds the
 * demo organisation, or a copy of the `seeded` demo (see global-setup.ts), which skips the ~15 s of
 * initdb, migrations and seed that every spec file would otherwise repeat. On PostgreSQL the server
 * gets its own copy of the seeded template database, which the global setup's teardown drops with
 * the template (database.ts says why not at each stop).
 * TEST_CLOCK is on (only here): journeys move the server's clock with `setClockOffset` instead of waiting.
 * With `bundle` (see server-bundle.ts) the server runs from that prebuilt module instead of through tsx.
 */
export async function startServer(
  options: { seeded?: SeededDemo; bundle?: string } = {},
): Promise<RunningServer> {
  if (!existsSync(join(REPO_ROOT, SERVER_ENTRY))) throw new Error(`${SERVER_ENTRY} does not exist`);
  if (!existsSync(WEB_INDEX)) {
    throw new Error('apps/web/dist/index.html is missing: run `npm run build` (or `npm run test:e2e`) first');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'cursus-e2e-'));
  const { seeded, bundle } = options;
  if (seeded) await cp(seeded.dataDir, dataDir, { recursive: true });
  let database: string | null = null;
  if (seeded?.database) {
    database = `${seeded.database}_${randomBytes(4).toString('hex')}`;
    await createDatabase(database, seeded.database);
  }
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  // Health and the test clock are asked on 127.0.0.1: Node may resolve localhost to ::1 while the server listens on IPv4.
  const apiBase = `http://127.0.0.1:${port}`;
  const lines: unknown[] = [];
  const stderrLines: string[] = [];
  let child: ChildProcess;

  const recentOutput = () =>
    [
      ...lines.slice(-20).map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
      ...stderrLines.slice(-20),
    ].join('\n');

  const collect = (stream: NodeJS.ReadableStream, onLine: (line: string) => void) => {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const part of parts) if (part.trim()) onLine(part);
    });
  };

  /** SIGTERM, as an operator's restart: graceful shutdown closes the embedded database. */
  const stopProcess = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // Past the timeout something is stuck.
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
  };

  const stop = async (stopOptions: { keepDataDir?: boolean } = {}) => {
    await stopProcess();
    if (!stopOptions.keepDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const launch = async () => {
    child = spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: childEnv({
        DATA_DIR: dataDir,
        PORT: String(port),
        APP_URL: baseUrl,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'info',
        TEST_CLOCK: 'true',
        ...(database ? { DATABASE_URL: databaseUrl(database) } : {}),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    collect(child.stdout!, (line) => lines.push(parseLine(line)));
    collect(child.stderr!, (line) => stderrLines.push(line));

    const healthUrl = `${apiBase}/api/health`;
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        await stop();
        throw new Error(`The server exited during start-up (code ${child.exitCode}):\n${recentOutput()}`);
      }
      try {
        const response = await fetch(healthUrl);
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `The server did not answer ${healthUrl} within ${START_TIMEOUT_MS} ms:\n${recentOutput()}`,
        );
      }
      await sleep(POLL_MS);
    }
  };

  await launch();

  const readDemoAccounts = async () => {
    const file = join(dataDir, 'demo-accounts.txt');
    const fileDeadline = Date.now() + EMAIL_TIMEOUT_MS;
    while (!existsSync(file)) {
      if (Date.now() > fileDeadline) throw new Error(`${file} was not written: is the demo seed on?`);
      await sleep(POLL_MS);
    }
    return parseDemoAccounts(await readFile(file, 'utf8'));
  };

  const findEmailLink = (to: string, pathPart: string): string | undefined => {
    const wanted = to.toLowerCase();
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      const line = lines[index];
      if (!isRecord(line) || line.msg !== EMAIL_LOG_MESSAGE) continue;
      const recipients = Array.isArray(line.to) ? line.to : [line.to];
      if (!recipients.some((recipient) => String(recipient).toLowerCase() === wanted)) continue;
      const urls = (String(line.text ?? '').match(/https?:\/\/[^\s"'<>]+/g) ?? []).map((candidate) =>
        // A link at the end of a sentence carries its full stop.
        candidate.replace(/[.,;:!?)]+$/, ''),
      );
      const url = urls.find((candidate) => candidate.includes(pathPart));
      if (url) return url;
    }
    return undefined;
  };

  const waitForEmailLink = async (to: string, pathPart: string) => {
    const emailDeadline = Date.now() + EMAIL_TIMEOUT_MS;
    for (;;) {
      const url = findEmailLink(to, pathPart);
      if (url) return url;
      if (Date.now() > emailDeadline) {
        throw new Error(
          `No email to ${to} with a link containing ${pathPart} was logged:\n${recentOutput()}`,
        );
      }
      await sleep(POLL_MS);
    }
  };

  /** The server's clock becomes real time + `offsetMs` (it only moves forward); a restart resets it to 0. */
  const setClockOffset = async (offsetMs: number) => {
    const response = await fetch(`${apiBase}/api/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetMs: Math.round(offsetMs) }),
    });
    if (response.status !== 200) throw new Error(`POST /api/test/clock answered ${response.status}`);
  };

  /** Stops the server and starts it again on the same port and DATA_DIR, as a deploy would. */
  const restart = async (options: { whileDown?: () => Promise<void> } = {}) => {
    await stopProcess();
    await options.whileDown?.();
    await launch();
  };

  return {
    baseUrl,
    dataDir,
    logLines: () => lines,
    readDemoAccounts,
    waitForEmailLink,
    setClockOffset,
    restart,
    stop,
  };
}

/**
 * Seeds the demo into `database` (empty, on the TEST_DATABASE_URL server) and `dataDir` with
 * `npm run seed:demo`'s script, the way an operator seeds a PostgreSQL deployment.
 */
export async function seedDemoOnPostgres(database: string, dataDir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', SEED_ENTRY], {
    cwd: REPO_ROOT,
    env: childEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(database), SEED_DEMO: 'true' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${SEED_ENTRY} exited with code ${code}:\n${output.slice(-4000)}`);
}
