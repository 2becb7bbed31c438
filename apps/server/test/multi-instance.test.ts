import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type Modules } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { resolveAuthSecret } from '../src/lib/secret.ts';
import {
  APP_URL,
  cookieHeader,
  createConfirmedUser,
  ENGINE,
  lastMailLink,
  ORIGIN,
  openTestDatabase,
  STRONG_PASSWORD,
  signIn,
  TEST_PASSWORD_HASHING,
  withoutOwner,
} from './helper.ts';

/**
 * Two server instances on one database, each with its own memory (session cache): on PostgreSQL,
 * two connection pools to the same database, as two machines would hold; on PGlite, which runs
 * inside one process, two apps on the same engine.
 */
async function openSharedDatabase(): Promise<[Database, Database]> {
  if (ENGINE === 'pglite') {
    const database = await openTestDatabase();
    return [database, database];
  }
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `cursus_test_${inject('runId')}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  url.pathname = `/${name}`;
  return [
    await openDatabase({ databaseUrl: url.toString(), poolSize: 4 }),
    await openDatabase({ databaseUrl: url.toString(), poolSize: 4 }),
  ];
}

describe(`two server instances on one database (${ENGINE})`, () => {
  let databases: [Database, Database];
  let instances: FastifyInstance[] = [];
  let modules: Modules[] = [];
  // Each instance has a DATA_DIR of its own and no AUTH_SECRET, as two machines set up alike would.
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'cursus-instance-')));

  beforeAll(async () => {
    databases = await openSharedDatabase();
    const env = parseEnv({ NODE_ENV: 'test', APP_URL, LOG_LEVEL: 'silent' });
    const secrets = await Promise.all(
      databases.map((database, index) =>
        resolveAuthSecret({ configured: env.AUTH_SECRET, db: database.db, dataDir: dataDirs[index]! }),
      ),
    );
    const built = await Promise.all(
      databases.map((database, index) =>
        buildApp({
          env,
          database: withoutOwner(database),
          secret: secrets[index]!,
          passwordHashing: TEST_PASSWORD_HASHING,
          logger: false,
          webDist: '/nonexistent',
        }),
      ),
    );
    instances = built.map((each) => each.app);
    modules = built.map((each) => each.modules);
  });

  afterAll(async () => {
    for (const app of instances) await app.close();
    for (const database of new Set(databases)) await database?.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  // What createConfirmedUser needs of a test app: the instance to call and its database's mail.
  const on = (index: number) =>
    ({ app: instances[index]!, database: databases[index] }) as Parameters<typeof createConfirmedUser>[0];
  const unreadCount = (index: number, cookie: string) =>
    instances[index]!.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } });
  /** The second instance checks the session, twice, so it is remembered there (session cache). */
  async function seenByTheOther(cookie: string) {
    expect((await unreadCount(1, cookie)).statusCode).toBe(200);
    expect((await unreadCount(1, cookie)).statusCode).toBe(200);
  }

  it('generates one secret for both, so each accepts the sessions the other opened', async () => {
    const cookie = await createConfirmedUser(on(0), { email: 'both@instances.example' });
    expect((await unreadCount(1, cookie)).statusCode).toBe(200);
  });

  it('refuses at once, on the other instance, a session signed out on one', async () => {
    const cookie = await createConfirmedUser(on(0), { email: 'sign-out@instances.example' });
    await seenByTheOther(cookie);
    const out = await instances[0]!.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...ORIGIN, cookie },
    });
    expect(out.statusCode).toBe(200);
    const refused = await unreadCount(1, cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('NO_SESSION');
  });

  it('refuses at once, on the other instance, the sessions a password reset revoked', async () => {
    const email = 'reset@instances.example';
    const cookie = await createConfirmedUser(on(0), { email });
    await seenByTheOther(cookie);
    await instances[0]!.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: ORIGIN,
      payload: { email },
    });
    const token = new URL(await lastMailLink(databases[0], email, '/reset-password')).searchParams.get(
      'token',
    );
    const reset = await instances[0]!.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: { token, password: 'Nouveau-Depart-77', confirmPassword: 'Nouveau-Depart-77' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await unreadCount(1, cookie)).statusCode).toBe(401);
  });

  it('refuses at once, on the other instance, the other sessions a password change revoked', async () => {
    const email = 'change@instances.example';
    const elsewhere = await createConfirmedUser(on(0), { email });
    await seenByTheOther(elsewhere);
    const here = cookieHeader(await signIn(instances[0]!, email));
    const change = await instances[0]!.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...ORIGIN, cookie: here },
      payload: {
        currentPassword: STRONG_PASSWORD,
        password: 'Tout-Neuf-2026',
        confirmPassword: 'Tout-Neuf-2026',
      },
    });
    expect(change.statusCode).toBe(200);
    expect((await unreadCount(1, elsewhere)).statusCode).toBe(401);
    // The browser that changed it goes on, on either instance, with the session it was given.
    expect((await unreadCount(1, cookieHeader(change))).statusCode).toBe(200);
  });

  /** Opens `cookie`'s live stream on instance `index`, over a real connection; `text()` is what came so far. */
  async function openStream(index: number, cookie: string) {
    const app = instances[index]!;
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    let received = '';
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ port, path: '/api/live', headers: { cookie, accept: 'text/event-stream' } }, resolve)
        .on('error', reject);
    });
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      received += chunk;
    });
    const ended = new Promise<void>((resolve) => response.on('close', resolve));
    return { response, ended, text: () => received };
  }
  async function placeOf(email: string) {
    const result = (await databases[0].db.execute(
      sql`select id, organization_id from profiles where email = ${email}`,
    )) as unknown as { rows: { id: string; organization_id: string }[] };
    const [row] = result.rows;
    return { userId: row!.id, organizationId: row!.organization_id };
  }
  async function until(check: () => boolean) {
    for (let tries = 0; tries < 200 && !check(); tries++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    return check();
  }

  it('tells a reader, on the instance holding their stream, of a notification written on the other', async () => {
    const email = 'live@instances.example';
    const cookie = await createConfirmedUser(on(0), {
      email,
      role: 'trainer',
      organizationName: 'Organisme Direct',
    });
    const otherEmail = 'live-other@instances.example';
    await createConfirmedUser(on(0), {
      email: otherEmail,
      role: 'trainer',
      organizationName: 'Organisme Voisin',
    });
    const stream = await openStream(0, cookie);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);

    const notifications = modules[1]!.notifications.service;
    // Someone else's notification never reaches this stream; the reader's own does, with its kind only.
    await notifications.createNotification(await placeOf(otherEmail), {
      type: 'welcome',
      metadata: { organizationName: 'Organisme Voisin' },
    });
    await notifications.createNotification(await placeOf(email), {
      type: 'welcome',
      metadata: { organizationName: 'Organisme Direct' },
    });
    expect(await until(() => stream.text().includes('event: notification'))).toBe(true);
    const events = stream.text().match(/event: notification\ndata: (.*)\n/g) ?? [];
    expect(events).toEqual(['event: notification\ndata: {"type":"welcome"}\n']);
    expect(stream.text()).not.toContain('Organisme');

    // Closing an instance ends its streams first (its preClose hook): browsers reconnect elsewhere.
    await modules[0]!.notifications.closeStreams();
    await stream.ended;
  });

  it('opens a stream only for a signed-in reader who asks for one', async () => {
    const cookie = await createConfirmedUser(on(1), { email: 'live-asker@instances.example' });
    const anonymous = await instances[1]!.inject({ method: 'GET', url: '/api/live' });
    expect(anonymous.statusCode).toBe(401);
    const notAStream = await instances[1]!.inject({ method: 'GET', url: '/api/live', headers: { cookie } });
    expect(notAStream.statusCode).toBe(400);
    expect(notAStream.json().error.details.fields[0].path).toBe('accept');
  });
});
