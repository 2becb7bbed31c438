import { MONITORING } from '@cursus/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { MONITORING_JOB } from './monitoring.ts';
import { bucketOf, quantileOf } from './response-times.ts';
import {
  jobRuns,
  responseTimeMinutes,
  systemAlerts,
  systemLogs,
  systemMonitoringRuns,
} from './system.tables.ts';

const MINUTE = 60_000;
let clock = new Date('2026-05-04T10:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ now: () => clock });
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;
const job = () => testApp.modules.system.jobs.find((each) => each.name === MONITORING_JOB)!;
const run = () => job().run(clock);
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

async function log(severity: string, minutesAgo: number, times = 1) {
  await db()
    .insert(systemLogs)
    .values(
      Array.from({ length: times }, (_, index) => ({
        message: `failure ${severity} ${index}`,
        category: 'general',
        severity,
        createdAt: new Date(clock.getTime() - minutesAgo * MINUTE),
      })),
    );
}
const openAlerts = async () =>
  (await db().select().from(systemAlerts).where(eq(systemAlerts.isResolved, false))).map((row) => [
    row.alertType,
    row.severity,
  ]);
const resolveAll = () => db().update(systemAlerts).set({ isResolved: true, resolvedAt: clock });

beforeEach(async () => {
  // Each case starts an hour and a half later, on a clean slate.
  advance(90 * MINUTE);
  await db().delete(systemAlerts);
  await db().delete(systemLogs);
  await db().delete(responseTimeMinutes);
});

describe('the SPEC 9 error thresholds, over the last hour', () => {
  it('raises nothing at 10 errors, an alert of severity high above 10, never for minor logs', async () => {
    await log('high', 10, 10);
    await log('medium', 5, 30);
    await log('low', 5, 30);
    await log('high', 61, 5);
    expect((await run()).errorCount).toBe(10);
    expect(await openAlerts()).toEqual([]);

    await log('high', 1);
    advance(5 * MINUTE);
    expect((await run()).errorCount).toBe(11);
    expect(await openAlerts()).toEqual([['error_rate', 'high']]);
    const [alert] = await db().select().from(systemAlerts);
    expect(alert?.source).toBe('monitoring');
    expect(alert?.metadata).toMatchObject({ errorCount: 11, threshold: 10, windowMinutes: 60 });
    expect(alert?.metadata?.samples).toHaveLength(MONITORING.maxSamples);
  });

  it('does not raise the same alert again while one is unresolved; once resolved, it can', async () => {
    await log('high', 2, 12);
    await run();
    advance(5 * MINUTE);
    expect((await run()).raised).toEqual([]);
    expect(await openAlerts()).toEqual([['error_rate', 'high']]);

    await resolveAll();
    advance(5 * MINUTE);
    expect((await run()).raised).toEqual(['error_rate']);
  });

  it('raises a critical alert above 50, even while the lesser one is open', async () => {
    await log('high', 3, 11);
    await run();
    await log('high', 1, 40);
    advance(5 * MINUTE);
    expect((await run()).errorCount).toBe(51);
    expect(await openAlerts()).toEqual(
      expect.arrayContaining([
        ['error_rate', 'high'],
        ['error_rate_critical', 'critical'],
      ]),
    );
  });
});

describe('critical errors', () => {
  it('raises a critical alert for a critical error since the previous run, quoting at most 5', async () => {
    await run();
    advance(5 * MINUTE);
    await log('critical', 2, 7);
    const result = await run();
    expect(result.criticalCount).toBe(7);
    expect(await openAlerts()).toEqual([['critical_error', 'critical']]);
    const [alert] = await db().select().from(systemAlerts);
    const samples = (alert?.metadata?.samples ?? []) as { severity: string }[];
    expect(samples.map((sample) => sample.severity)).toEqual(Array(5).fill('critical'));

    // The same errors are not new at the next run, even once the alert is resolved.
    await resolveAll();
    advance(5 * MINUTE);
    expect((await run()).criticalCount).toBe(0);
    expect(await openAlerts()).toEqual([]);
  });
});

describe('response times', () => {
  const record = (durationMs: number, times: number) => {
    for (let index = 0; index < times; index++)
      testApp.modules.system.responseTimes.record(durationMs, new Date(clock.getTime() - MINUTE));
  };

  it('raises nothing while 95 % of requests answer within 2000 ms', async () => {
    record(120, 95);
    record(4000, 5);
    const result = await run();
    expect(result.responses).toMatchObject({ requestCount: 100, p95Ms: 200, maxMs: 4000 });
    expect(await openAlerts()).toEqual([]);
  });

  it('raises an alert above 2000 ms at p95, of severity high above 5000 ms', async () => {
    record(120, 90);
    record(2500, 10);
    // The bucket's bound (3000), but never more than the slowest request seen.
    expect((await run()).responses.p95Ms).toBe(2500);
    expect(await openAlerts()).toEqual([['slow_responses', 'medium']]);

    advance(5 * MINUTE);
    record(9000, 100);
    expect((await run()).responses.p95Ms).toBe(9000);
    expect(await openAlerts()).toEqual(
      expect.arrayContaining([
        ['slow_responses', 'medium'],
        ['very_slow_responses', 'high'],
      ]),
    );
  });

  it('adds up flushes of one minute and reads percentiles as bucket bounds', async () => {
    record(40, 3);
    await testApp.modules.system.responseTimes.flush();
    record(40, 2);
    await testApp.modules.system.responseTimes.flush();
    const rows = await db().select().from(responseTimeMinutes);
    expect(rows.map((row) => [row.requestCount, row.buckets[0]])).toEqual([[5, 5]]);
    expect(bucketOf(2000)).toBe(8);
    expect(bucketOf(2001)).toBe(9);
    expect(quantileOf([0, 0, 1], 1, 150, 0.95)).toBe(150);
    expect(quantileOf([], 0, 0, 0.5)).toBeNull();
  });
});

describe('the schedule', () => {
  it('runs every 5 minutes through the scheduler, each run recorded', async () => {
    const runsBefore = (await db().select().from(systemMonitoringRuns)).length;
    await db().delete(jobRuns).where(eq(jobRuns.name, MONITORING_JOB));
    await testApp.scheduler.tick();
    advance(4 * MINUTE);
    await testApp.scheduler.tick();
    advance(MINUTE);
    await testApp.scheduler.tick();
    const runs = await db().select().from(systemMonitoringRuns).orderBy(desc(systemMonitoringRuns.ranAt));
    expect(runs.length - runsBefore).toBe(2);
    expect(runs[0]?.ranAt).toEqual(clock);
    const [claim] = await db().select().from(jobRuns).where(eq(jobRuns.name, MONITORING_JOB));
    expect(claim?.lastError).toBeNull();
  });
});
