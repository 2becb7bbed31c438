import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, ORIGIN, type TestApp } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { systemRoutesPlugin } from './system.routes.ts';
import type { SystemService } from './system.service.ts';
import { guideFeedback, notFoundErrors, systemLogs } from './system.tables.ts';

let testApp: TestApp;
let cookie: string;

beforeAll(async () => {
  testApp = await createTestApp();
  cookie = await createConfirmedUser(testApp, {
    email: 'lost@x.example',
    role: 'trainer',
    organizationName: 'Perdus',
  });
});
afterAll(() => testApp.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url, headers: { ...ORIGIN, ...headers }, payload: payload as object });

describe('public configuration', () => {
  it('tells the web the support address, signed in or not', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ supportEmail: 'support@cursus.local' });
  });
});

describe('not-found reports', () => {
  it('records a signed-out visit without a user, and a signed-in one with user and role', async () => {
    await post(
      '/api/system/not-found',
      { path: '/nowhere', referrer: 'http://localhost:3000/' },
      { 'user-agent': 'UA/1' },
    );
    await post('/api/system/not-found', { path: '/trainer/nothing' }, { cookie });
    const rows = await testApp.database.db.select().from(notFoundErrors).orderBy(notFoundErrors.timestamp);
    expect(rows.map((row) => [row.path, row.userRole, row.userAgent])).toEqual([
      ['/nowhere', null, 'UA/1'],
      ['/trainer/nothing', 'trainer', 'lightMyRequest'],
    ]);
    expect(rows[1]?.userId).toBeTruthy();
  });

  it('caps reports per address so the table cannot be flooded', async () => {
    let last = 0;
    for (let index = 0; index < 61; index++) {
      last = (await post('/api/system/not-found', { path: `/flood/${index}` }, { 'x-test': '1' })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('client logs', () => {
  it('stores a batch under the signed-in user and organisation', async () => {
    const response = await post(
      '/api/system/logs',
      {
        entries: [
          { message: 'ChunkLoadError', category: 'network', severity: 'medium', url: '/trainer/dashboard' },
          { message: 'TypeError: x is undefined', category: 'general', severity: 'low' },
        ],
      },
      { cookie },
    );
    expect(response.json()).toEqual({ ok: true });
    const rows = await testApp.database.db.select().from(systemLogs);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.userRole === 'trainer' && row.organizationId)).toBe(true);
  });

  it('refuses logs from visitors and batches over 50 entries', async () => {
    const entry = { message: 'm', category: 'general', severity: 'low' };
    expect((await post('/api/system/logs', { entries: [entry] })).statusCode).toBe(401);
    const tooMany = await post('/api/system/logs', { entries: Array(51).fill(entry) }, { cookie });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details.fields[0].path).toBe('entries');
  });
});

describe('knowledge-base feedback', () => {
  it('records yes and no answers per guide, from visitors and users', async () => {
    await post('/api/knowledge-base/feedback', { guideId: 'sign-up', helpful: true });
    await post('/api/knowledge-base/feedback', { guideId: 'sign-up', helpful: false }, { cookie });
    const rows = await testApp.database.db.select().from(guideFeedback);
    expect(rows.map((row) => [row.guideId, row.helpful, Boolean(row.userId)])).toEqual([
      ['sign-up', true, false],
      ['sign-up', false, true],
    ]);
  });

  it('refuses a malformed guide id, naming the field', async () => {
    const response = await post('/api/knowledge-base/feedback', { guideId: '../etc', helpful: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields.map((field: { path: string }) => field.path)).toEqual([
      'guideId',
      'helpful',
    ]);
  });
});

describe('readiness', () => {
  it('is ready when the database answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', mail: 'outbox' } });
  });

  it('logs an outage once as an error, its repeated probes at debug, and its end', async () => {
    const lines: { level: number; msg: string }[] = [];
    let isDown = false;
    const app = Fastify({
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const ping = async () => {
      if (isDown) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    };
    await systemRoutesPlugin(app, {
      database: { ping } as unknown as Database,
      smtp: false,
      system: {} as SystemService,
      supportEmail: 'support@cursus.local',
    });
    const probe = async () => (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode;

    expect(await probe()).toBe(200);
    isDown = true;
    expect([await probe(), await probe(), await probe()]).toEqual([503, 503, 503]);
    isDown = false;
    expect([await probe(), await probe()]).toEqual([200, 200]);
    isDown = true;
    expect(await probe()).toBe(503);
    await app.close();

    // pino's levels: 20 debug, 30 info, 50 error.
    const checks = lines.filter((line) => line.msg.startsWith('database check'));
    expect(checks.map((line) => [line.level, line.msg])).toEqual([
      [50, 'database check failed'],
      [20, 'database check still failing'],
      [20, 'database check still failing'],
      [30, 'database check recovered'],
      [50, 'database check failed'],
    ]);
  });
});
