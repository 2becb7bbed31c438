import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';
import yauzl from 'yauzl';
import { buildApp, type Modules } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import type { Scheduler } from '../src/lib/scheduler.ts';
import { PASSWORD_COST, scryptHashing } from '../src/modules/auth/auth.module.ts';
import { emailOutbox } from '../src/modules/email/email.tables.ts';

export const APP_URL = 'http://localhost:3000';
export const ORIGIN = { origin: APP_URL };
export const STRONG_PASSWORD = 'Vif-Argent-42';
/** The secret createTestApp signs with: a second app built on the same database shares it. */
export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';
/**
 * The test apps hash passwords at a sixteenth of the real cost (password-hash.ts): each sign-up and
 * sign-in cost some 90 ms of CPU at the real one. Production's cost is tested in password-hash.test.ts.
 */
export const TEST_PASSWORD_HASHING = scryptHashing(PASSWORD_COST / 16);

/** Which engine the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const ENGINE = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh, migrated database of this test file's own. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const tar = readFileSync(inject('pgliteTemplate'));
    return openDatabase({ loadDataDir: new Blob([tar]) });
  }
  const name = `cursus_test_${inject('runId')}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return openDatabase({ databaseUrl: target.toString(), poolSize: 4 });
}

/**
 * The database as the app is handed it: the owner connection throws, so a request or a job that
 * reached for it fails its test (only migrations, the demo seed and fixtures may use it).
 */
export function withoutOwner(database: Database): Database {
  const refuse = () => {
    throw new Error('the owner connection is for migrations, the demo seed and test fixtures only');
  };
  return { ...database, db: new Proxy({} as Database['db'], { get: refuse }) };
}

export interface TestApp {
  app: FastifyInstance;
  /** The real database, owner connection included: tests' fixtures use it. */
  database: Database;
  /** The modules' services, for tests that call one directly. */
  modules: Modules;
  scheduler: Scheduler;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    mailer?: Parameters<typeof buildApp>[0]['mailer'];
    /** A built SPA to serve; by default none, so only the API answers. */
    webDist?: string;
    /** Logger options, e.g. `{ level: 'info', stream }` to read the log; by default none. */
    logger?: Parameters<typeof buildApp>[0]['logger'];
    /** The app's modules may use the owner connection: only to seed the demo. */
    seedsDemo?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  // Stored files (uploads, the demo's attachments) go to a folder of the test's own, never ./data.
  const dataDir = options.env?.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'cursus-test-data-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    APP_URL,
    LOG_LEVEL: 'silent',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...options.env,
  });
  const { app, modules, scheduler } = await buildApp({
    env,
    database: options.seedsDemo ? database : withoutOwner(database),
    secret: TEST_SECRET,
    logger: options.logger ?? false,
    now: options.now,
    mailer: options.mailer,
    passwordHashing: TEST_PASSWORD_HASHING,
    webDist: options.webDist ?? '/nonexistent',
    checkResponses: true,
  });
  return {
    app,
    database,
    modules,
    scheduler,
    async close() {
      await app.close();
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** The first link in the newest mail sent to `to` that contains `pathPart`. */
export async function lastMailLink(database: Database, to: string, pathPart: string): Promise<string> {
  const [mail] = await database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no mail to ${to} with a link to ${pathPart}`);
  return link;
}

/** The ZIP's entries, by name, with their bytes. */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export interface SignUpOptions {
  email: string;
  role?: 'student' | 'trainer';
  organizationName?: string;
  password?: string;
  language?: 'fr' | 'en';
  firstName?: string;
  lastName?: string;
}

export function signUp(app: FastifyInstance, options: SignUpOptions) {
  const password = options.password ?? STRONG_PASSWORD;
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: ORIGIN,
    payload: {
      firstName: options.firstName ?? 'Anne',
      lastName: options.lastName ?? 'de la Tour',
      email: options.email,
      role: options.role ?? 'student',
      organizationName: options.organizationName,
      language: options.language,
      password,
      confirmPassword: password,
    },
  });
}

export function signIn(app: FastifyInstance, email: string, password = STRONG_PASSWORD, headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { ...ORIGIN, ...headers },
    payload: { email, password },
  });
}

/** Signs up, confirms through the mailed link and signs in; returns the session cookie. */
export async function createConfirmedUser(testApp: TestApp, options: SignUpOptions): Promise<string> {
  const signUpResponse = await signUp(testApp.app, options);
  if (signUpResponse.statusCode !== 200) throw new Error(`sign-up failed: ${signUpResponse.body}`);
  const link = await lastMailLink(testApp.database, options.email, '/api/auth/verify-email');
  await testApp.app.inject({ method: 'GET', url: link.replace(APP_URL, '') });
  const response = await signIn(testApp.app, options.email, options.password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return cookieHeader(response);
}

/** A real SMTP server on a free local port, keeping every message it receives, parsed. */
export interface SmtpReceiver {
  url: string;
  messages: ParsedMail[];
  /** Waits until a message to `to` has arrived (a few seconds at most) and returns the newest. */
  waitFor(to: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const addressedTo = (mail: ParsedMail, to: string) =>
    [mail.to ?? []].flat().some((address) => address.value.some((entry) => entry.address === to));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to) {
      for (let waited = 0; waited < 5000; waited += 20) {
        const found = messages.filter((mail) => addressedTo(mail, to)).at(-1);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no message to ${to} reached the SMTP server`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
