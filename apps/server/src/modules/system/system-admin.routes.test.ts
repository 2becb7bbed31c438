import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, ORIGIN, type TestApp } from '../../../test/helper.ts';
import { adminAuditLog } from '../audit/audit.tables.ts';
import { notFoundErrors, systemAlerts, systemLogs } from './system.tables.ts';

const HOUR = 60 * 60_000;
const clock = new Date('2026-05-04T10:30:00Z');
let testApp: TestApp;
let admin: string;
let trainer: string;
let student: string;
let organizationId: string;

beforeAll(async () => {
  testApp = await createTestApp({ now: () => clock, env: { ADMIN_EMAILS: 'root@cursus.example' } });
  trainer = await createConfirmedUser(testApp, {
    email: 'trainer@monitoring.example',
    role: 'trainer',
    organizationName: 'Organisme Suivi',
  });
  student = await createConfirmedUser(testApp, { email: 'student@monitoring.example' });
  admin = await createConfirmedUser(testApp, { email: 'root@cursus.example' });
  const me = await testApp.app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: trainer },
  });
  organizationId = me.json().user.organizationId;
  const at = (hoursAgo: number) => new Date(clock.getTime() - hoursAgo * HOUR);
  await testApp.database.db.insert(systemLogs).values([
    {
      message: 'TypeError: x is undefined',
      category: 'general',
      severity: 'high',
      organizationId,
      createdAt: at(0.5),
    },
    {
      message: 'Failed to fetch',
      category: 'network',
      severity: 'medium',
      organizationId,
      createdAt: at(1.5),
    },
    {
      message: 'permission denied for table courses',
      stack: 'Error: permission denied\n    at save',
      category: 'database',
      severity: 'critical',
      userRole: 'trainer',
      url: '/trainer/courses',
      userAgent: 'UA/9',
      metadata: { referrer: '/trainer' },
      createdAt: at(2.2),
    },
    { message: 'old failure', category: 'general', severity: 'high', createdAt: at(30) },
  ]);
  await testApp.database.db.insert(notFoundErrors).values([
    { path: '/trainer/lost', userRole: 'trainer', timestamp: at(1) },
    { path: '/ancient', timestamp: at(48) },
  ]);
});
afterAll(() => testApp.close());

const get = (url: string, cookie: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie } });
const resolve = (ids: unknown, cookie = admin) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/system/alerts/resolve',
    headers: { ...ORIGIN, cookie },
    payload: { ids },
  });
const raise = (alertType: string, severity: 'low' | 'medium' | 'high' | 'critical' = 'high') =>
  testApp.modules.system.service.raiseAlert({
    alertType,
    severity,
    title: alertType,
    message: 'm',
    source: 'test',
  });

describe('who may read the monitoring', () => {
  it.each([
    '/api/admin/system/logs',
    '/api/admin/system/logs/summary',
    '/api/admin/system/not-found',
    '/api/admin/system/alerts',
    '/api/admin/system/monitoring',
    '/api/admin/system/health',
  ])('refuses %s to trainers and students', async (url) => {
    for (const cookie of [trainer, student]) {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('NOT_AUTHORIZED');
    }
  });

  it('refuses the resolution to a trainer, leaving the alert open', async () => {
    const alert = await raise('refused_case');
    expect((await resolve([alert.id], trainer)).statusCode).toBe(403);
    const [row] = await testApp.database.db.select().from(systemAlerts).where(eq(systemAlerts.id, alert.id));
    expect(row?.isResolved).toBe(false);
  });
});

describe('GET /api/admin/system/logs', () => {
  it('lists the period newest first, with everything the detail shows', async () => {
    const response = await get('/api/admin/system/logs', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.items.map((item: { message: string }) => item.message)).toEqual([
      'TypeError: x is undefined',
      'Failed to fetch',
      'permission denied for table courses',
    ]);
    expect(body.items[0].organizationName).toBe('Organisme Suivi');
    expect(body.items[2]).toMatchObject({
      stack: 'Error: permission denied\n    at save',
      url: '/trainer/courses',
      userAgent: 'UA/9',
      userRole: 'trainer',
      metadata: { referrer: '/trainer' },
    });
  });

  it('filters by severity, category, organisation, words and period, and pages', async () => {
    const messages = async (query: string) =>
      (await get(`/api/admin/system/logs?${query}`, admin))
        .json()
        .items.map((item: { message: string }) => item.message);
    expect(await messages('severity=critical')).toEqual(['permission denied for table courses']);
    expect(await messages('category=network')).toEqual(['Failed to fetch']);
    expect(await messages(`organizationId=${organizationId}&search=typeerror`)).toEqual([
      'TypeError: x is undefined',
    ]);
    expect(await messages('period=1h')).toEqual(['TypeError: x is undefined']);
    expect(await messages('period=7d&severity=high')).toEqual(['TypeError: x is undefined', 'old failure']);
    // A search's % is taken literally.
    expect(await messages('search=%25')).toEqual([]);
    const paged = (await get('/api/admin/system/logs?pageSize=2&page=2', admin)).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('refuses a bad filter with 400 naming the field', async () => {
    for (const [query, field] of [
      ['severity=fatal', 'severity'],
      ['period=1y', 'period'],
      ['organizationId=nope', 'organizationId'],
      ['pageSize=500', 'pageSize'],
    ]) {
      const response = await get(`/api/admin/system/logs?${query}`, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.fields[0].path).toBe(field);
    }
  });
});

describe('GET /api/admin/system/logs/summary', () => {
  it('counts errors per hour over the period and offers the period’s categories and organisations', async () => {
    const summary = (await get('/api/admin/system/logs/summary?period=24h', admin)).json();
    expect(summary.hours).toHaveLength(25);
    expect(summary.hours.at(-1)).toEqual({ hour: '2026-05-04T10:00:00.000Z', errors: 1, critical: 0 });
    expect(summary.hours.at(-3)).toEqual({ hour: '2026-05-04T08:00:00.000Z', errors: 1, critical: 1 });
    expect(summary.hours.reduce((sum: number, hour: { errors: number }) => sum + hour.errors, 0)).toBe(2);
    expect(summary.categories).toEqual(['database', 'general', 'network']);
    expect(summary.organizations).toEqual([{ id: organizationId, name: 'Organisme Suivi' }]);
  });
});

describe('GET /api/admin/system/not-found', () => {
  it('lists the visits of unknown pages of the period', async () => {
    const body = (await get('/api/admin/system/not-found', admin)).json();
    expect(body.items.map((item: { path: string }) => item.path)).toEqual(['/trainer/lost']);
    expect((await get('/api/admin/system/not-found?period=7d&search=anc', admin)).json().total).toBe(1);
  });
});

describe('alerts', () => {
  it('lists the unresolved first, filters, resolves with an audit line, and leaves resolved ones alone', async () => {
    await testApp.database.db.delete(systemAlerts);
    const low = await raise('slow_thing', 'low');
    const critical = await raise('critical_error', 'critical');
    const list = async (query = '') => (await get(`/api/admin/system/alerts?${query}`, admin)).json();
    expect((await list()).items.map((item: { id: string }) => item.id)).toEqual([critical.id, low.id]);
    expect((await list('severity=critical')).items).toHaveLength(1);

    const resolved = await resolve([critical.id]);
    expect(resolved.json()).toEqual({ resolved: 1 });
    expect((await resolve([critical.id])).json()).toEqual({ resolved: 0 });
    const unresolved = await list();
    expect(unresolved.items.map((item: { id: string }) => item.id)).toEqual([low.id]);
    expect(unresolved.unresolvedTotal).toBe(1);
    const all = await list('status=all');
    expect(all.items.map((item: { id: string; isResolved: boolean }) => [item.id, item.isResolved])).toEqual([
      [low.id, false],
      [critical.id, true],
    ]);
    expect((await list('status=resolved')).items[0].resolvedAt).toBe(clock.toISOString());

    const audit = await testApp.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'system_alert.resolve'));
    expect(audit.map((entry) => [entry.targetId, entry.organizationId])).toEqual([[critical.id, null]]);
  });

  it('refuses an empty, oversized or malformed resolution, naming the field', async () => {
    for (const ids of [[], Array(101).fill(crypto.randomUUID()), ['nope'], 'x']) {
      const response = await resolve(ids);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.fields[0].path).toMatch(/^ids/);
    }
  });

  it('announces a new alert on the live stream to admins only', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const open = (cookie: string) =>
      new Promise<{ text: () => string; close: () => void }>((done, fail) => {
        let received = '';
        const request = http.get(
          { port, path: '/api/live', headers: { cookie, accept: 'text/event-stream' } },
          (response) => {
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              received += chunk;
            });
            done({ text: () => received, close: () => request.destroy() });
          },
        );
        request.on('error', fail);
      });
    const adminStream = await open(admin);
    const trainerStream = await open(trainer);
    const alert = await raise('live_case', 'critical');
    for (let tries = 0; tries < 200 && !adminStream.text().includes('system-alert'); tries++)
      await new Promise((next) => setTimeout(next, 25));
    expect(adminStream.text()).toContain(
      `event: system-alert\ndata: ${JSON.stringify({ alertId: alert.id, severity: 'critical' })}\n`,
    );
    expect(trainerStream.text()).not.toContain('system-alert');
    adminStream.close();
    trainerStream.close();
  });
});

describe('monitoring status and health', () => {
  it('shows the monitoring job and its thresholds’ runs', async () => {
    await testApp.scheduler.tick();
    const body = (await get('/api/admin/system/monitoring', admin)).json();
    expect(body.job).toMatchObject({
      name: 'system-monitoring',
      intervalMs: 300_000,
      lastRunAt: clock.toISOString(),
    });
    expect(body.job.nextDueAt).toBe(new Date(clock.getTime() + 300_000).toISOString());
    expect(body.runs[0]).toMatchObject({ ranAt: clock.toISOString(), errorCount: 1 });
  });

  it('checks the database, jobs, mail, storage, disk and response times', async () => {
    await get('/api/admin/system/logs', admin);
    const response = await get('/api/admin/system/health', admin);
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health.database).toMatchObject({ status: 'ok' });
    expect(health.database.sizeBytes).toBeGreaterThan(0);
    // No SMTP_URL: mail goes to the log, which a production must not do.
    expect(health.mail).toMatchObject({ status: 'warning', reason: 'logging', mode: 'log' });
    expect(health.storage).toMatchObject({ status: 'ok', kind: 'local' });
    expect(health.disk.freeBytes).toBeGreaterThan(0);
    expect(health.responses.requestCount).toBeGreaterThan(0);
    const monitoring = health.jobs.items.find((item: { name: string }) => item.name === 'system-monitoring');
    expect(monitoring).toMatchObject({ status: 'ok', lastRunAt: clock.toISOString() });
  });
});
