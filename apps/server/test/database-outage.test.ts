import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { APP_URL, createConfirmedUser, ENGINE, TEST_PASSWORD_HASHING } from './helper.ts';

/**
 * A TCP proxy in front of PostgreSQL: `stop()` refuses new connections and cuts the open ones (what
 * a database restart looks like to the pool), `hang()` accepts connections but never answers (a
 * network that swallows packets), `start()` forwards again on the same port, `freeze()` stops
 * forwarding on the open connections too (a database host that hangs).
 */
function createProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let mode: 'forward' | 'hang' = 'forward';
  let server: net.Server | undefined;
  let port = 0;
  function track(socket: net.Socket) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }
  return {
    get port() {
      return port;
    },
    async start(nextMode: 'forward' | 'hang' = 'forward') {
      mode = nextMode;
      if (server) return;
      server = net.createServer((client) => {
        track(client);
        if (mode === 'hang') return;
        const upstream = net.connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream).pipe(client);
        const pair: [net.Socket, net.Socket] = [client, upstream];
        pairs.add(pair);
        client.on('close', () => {
          pairs.delete(pair);
          upstream.destroy();
        });
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
    },
    freeze() {
      mode = 'hang';
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async stop() {
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      server = undefined;
    },
  };
}

describe.skipIf(ENGINE !== 'postgres')(
  'the database goes away (PostgreSQL only: PGlite runs in-process and cannot disconnect)',
  () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/none');
    const proxy = createProxy({ host: url.hostname, port: Number(url.port || 5432) });
    let app: FastifyInstance;
    let database: Database;
    let cookie: string;
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);

    beforeAll(async () => {
      process.on('uncaughtException', onUnhandled);
      process.on('unhandledRejection', onUnhandled);
      const name = `cursus_test_${inject('runId')}_${randomUUID().slice(0, 8)}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
      await admin.end();
      await proxy.start();
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      proxied.pathname = `/${name}`;
      database = await openDatabase({
        databaseUrl: proxied.toString(),
        poolSize: 4,
        connectionTimeoutMs: 1_000,
        // The client gives a connection up 2 s after this without an answer (db/client.ts).
        statementTimeoutMs: 1_000,
        log: { error() {} },
      });
      const env = parseEnv({ NODE_ENV: 'test', APP_URL, LOG_LEVEL: 'silent' });
      ({ app } = await buildApp({
        env,
        database,
        secret: 'test-secret-test-secret-test-secret-0123',
        passwordHashing: TEST_PASSWORD_HASHING,
        logger: false,
        webDist: '/nonexistent',
      }));
      cookie = await createConfirmedUser({ app, database } as Parameters<typeof createConfirmedUser>[0], {
        email: 'outage@example.test',
      });
    });

    afterAll(async () => {
      process.off('uncaughtException', onUnhandled);
      process.off('unhandledRejection', onUnhandled);
      await proxy.start();
      await app?.close();
      await database?.close();
      await proxy.stop();
    });

    /** Lets the pool see that its connections were cut, as it would between requests. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

    const unreadCount = () =>
      app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } });

    it('answers 503 with Retry-After while PostgreSQL is down, then 200 again without a restart', async () => {
      expect((await unreadCount()).statusCode).toBe(200);

      await proxy.stop();
      const startedAt = Date.now();
      const down = await unreadCount();
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      expect(down.statusCode).toBe(503);
      expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
      expect(down.json().error.code).toBe('DATABASE_UNAVAILABLE');
      // A second request while down: the pool has no usable client left, it connects and is refused.
      const stillDown = await unreadCount();
      expect(stillDown.statusCode).toBe(503);
      expect(stillDown.json().error.code).toBe('DATABASE_UNAVAILABLE');

      await proxy.start();
      const back = await unreadCount();
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual({ count: 0 });
      // Idle clients cut while PostgreSQL was down made the pool emit 'error': nothing crashed.
      expect(unhandled).toEqual([]);
      // No client was kept by a request that failed: more requests at once than the pool holds (4).
      const burst = await Promise.all(Array.from({ length: 8 }, () => unreadCount()));
      expect(burst.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    });

    it('answers 503 within the connection timeout when the database accepts but never answers', async () => {
      await proxy.stop();
      await settle();
      await proxy.start('hang');
      const startedAt = Date.now();
      const response = await unreadCount();
      const elapsed = Date.now() - startedAt;
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('DATABASE_UNAVAILABLE');
      // The pool's connection timeout (1 s here, CONNECTION_TIMEOUT_MS in production) ended the wait.
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(4_000);

      await proxy.stop();
      await proxy.start();
      expect((await unreadCount()).statusCode).toBe(200);
      expect(unhandled).toEqual([]);
    });

    it('answers 503 when the database stops answering on an open connection, then recovers', async () => {
      // The pool holds an open connection, on which the next request's transaction begins.
      expect((await unreadCount()).statusCode).toBe(200);
      proxy.freeze();
      const startedAt = Date.now();
      const response = await unreadCount();
      const elapsed = Date.now() - startedAt;
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('DATABASE_UNAVAILABLE');
      // The statement timeout (1 s here) and the client's 2 s margin, once: no rollback waited
      // behind the unanswered statement. Without the client's timeout it waited for good.
      expect(elapsed).toBeGreaterThanOrEqual(2_900);
      expect(elapsed).toBeLessThan(5_500);

      await proxy.stop();
      await proxy.start();
      const burst = await Promise.all(Array.from({ length: 8 }, () => unreadCount()));
      expect(burst.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
      expect(unhandled).toEqual([]);
    });
  },
);
