import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, type Person } from '../../../test/courses-world.ts';
import { useTimeTrackingWorld } from '../../../test/time-tracking-world.ts';
import { createScheduler } from '../../lib/scheduler.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { createSystemService } from '../system/system.service.ts';
import { jobRuns, systemAlerts, systemLogs } from '../system/system.tables.ts';
import { INTEGRITY_JOB } from './integrity.service.ts';
import { userTimeTracking, userTotalTime } from './time-tracking.tables.ts';

const world = useTimeTrackingWorld('2026-03-10T09:00:00Z');
const db = () => world.testApp.database.db;
const startSession = async () => (await world.startSession()).session;
const check = (sessionId: string, localElapsedSeconds: number) =>
  world.call('studentA1', 'POST', '/api/time-tracking/check', { sessionId, localElapsedSeconds });
const logged = async () =>
  (await db().select().from(systemLogs).where(eq(systemLogs.category, 'time_tracking'))).map(
    (row) => row.metadata?.issueType,
  );
const notifiedIssues = async () =>
  (await db().select().from(notifications)).map((row) => row.metadata?.issueType);
const alerts = async () => (await db().select().from(systemAlerts)).map((row) => row.alertType);

async function openSessions(person: Person, count: number) {
  const user = world.users[person];
  for (let index = 0; index < count; index += 1) {
    await db()
      .insert(userTimeTracking)
      .values({
        userId: user.id,
        organizationId: user.organizationId!,
        sessionStart: new Date(world.clock.getTime() - (index + 1) * 60_000),
        lastActivityAt: world.clock,
        durationSeconds: 30,
      });
  }
}

describe('the SPEC 5 check the client calls', () => {
  it('finds a client within 30 s of the server consistent, and raises nothing', async () => {
    const session = await startSession();
    world.advance(100);
    const result = expectStatus(await check(session.id, 100), 200);
    expect(result).toMatchObject({
      serverSeconds: 100,
      differenceSeconds: 0,
      isConsistent: true,
      openSessionCount: 1,
      hasDuplicateSessions: false,
      isTotalCorrupted: false,
      issues: [],
    });
    expect(await logged()).toEqual([]);
  });

  it('logs and notifies a gap over 30 s as time_mismatch, without an alert up to 300 s', async () => {
    const session = await startSession();
    world.advance(100);
    expectStatus(await check(session.id, 100), 200);
    world.advance(10);
    // The client says 200 s after 110 s: the server accepts 140 (10 s more plus the 30 s tolerance).
    const result = expectStatus(await check(session.id, 200), 200);
    expect(result).toMatchObject({
      serverSeconds: 140,
      differenceSeconds: 60,
      isConsistent: false,
      issues: ['time_mismatch'],
    });
    expect(await logged()).toEqual(['time_mismatch']);
    expect(await notifiedIssues()).toEqual(['time_mismatch']);
    expect(await alerts()).toEqual([]);
  });

  it('raises a system alert above 300 s', async () => {
    const session = await startSession();
    world.advance(10);
    const result = expectStatus(await check(session.id, 1000), 200);
    expect(result.differenceSeconds).toBeGreaterThan(300);
    expect(await alerts()).toEqual(['time_mismatch']);
    const [alert] = await db().select().from(systemAlerts);
    expect(alert).toMatchObject({
      severity: 'high',
      source: 'time-tracking',
      isResolved: false,
      organizationId: world.users.studentA1.organizationId,
    });
  });

  it('finds more than one open session invalid (duplicate_tracking), alerting above 3', async () => {
    await openSessions('studentA1', 2);
    const [newest] = await db().select().from(userTimeTracking);
    const two = expectStatus(await check(newest!.id, 30), 200);
    expect(two).toMatchObject({
      openSessionCount: 2,
      hasDuplicateSessions: true,
      issues: ['duplicate_tracking'],
    });
    expect(await alerts()).toEqual([]);
    await openSessions('studentA1', 2);
    const four = expectStatus(await check(newest!.id, 30), 200);
    expect(four.openSessionCount).toBe(4);
    expect(await alerts()).toEqual(['duplicate_tracking']);
  });

  it('repairs totals whose seconds disagree with their hours and minutes by more than 60 s', async () => {
    const session = await startSession();
    await db().insert(userTotalTime).values({
      userId: world.users.studentA1.id,
      organizationId: world.users.studentA1.organizationId!,
      totalTimeSeconds: 0,
      totalHours: 2,
      remainingMinutes: 0,
    });
    const result = expectStatus(await check(session.id, 0), 200);
    expect(result).toMatchObject({ isTotalCorrupted: true, issues: ['time_mismatch'] });
    const [totals] = await db().select().from(userTotalTime);
    expect(totals).toMatchObject({ totalTimeSeconds: 0, totalHours: 0, remainingMinutes: 0 });
    expect(await alerts()).toEqual(['time_mismatch']);
  });

  it('tolerates the seconds that hours and minutes drop (under 60 s)', async () => {
    const session = await startSession();
    world.advance(3659);
    expectStatus(await world.endSession(session.id, 3659), 200);
    const next = await startSession();
    expect(expectStatus(await check(next.id, 0), 200)).toMatchObject({ isTotalCorrupted: false, issues: [] });
  });
});

describe('the hourly integrity job (SPEC 9)', () => {
  it('closes duplicates (keeping the newest), alerting above 3, and notifies the organisation’s staff', async () => {
    await openSessions('studentA1', 4);
    await openSessions('studentA2', 2);
    const report = await world.testApp.modules.timeTracking.integrity.runIntegrityCheck(world.clock);
    expect(report).toMatchObject({ closedStuckSessions: 0, closedDuplicateSessions: 4, repairedTotals: 0 });
    const open = (await db().select().from(userTimeTracking)).filter((row) => !row.sessionEnd);
    expect(open).toHaveLength(2);
    expect(await alerts()).toEqual(['duplicate_tracking']);
    const notified = await db().select().from(notifications);
    expect(
      notified.map((row) => [row.userId, row.metadata?.issueType, row.metadata?.studentId]).sort(),
    ).toEqual(
      [
        [world.users.trainerA.id, 'duplicate_tracking', world.users.studentA1.id],
        [world.users.trainerA.id, 'duplicate_tracking', world.users.studentA2.id],
      ].sort(),
    );
  });

  it('repairs totals that disagree with the session rows (time_mismatch), alerting above 300 s', async () => {
    const session = await startSession();
    world.advance(1200);
    expectStatus(await world.endSession(session.id, 1200), 200);
    await db().update(userTotalTime).set({ totalTimeSeconds: 5000, totalHours: 1, remainingMinutes: 23 });
    const report = await world.testApp.modules.timeTracking.integrity.runIntegrityCheck(world.clock);
    expect(report.repairedTotals).toBe(1);
    const [totals] = await db().select().from(userTotalTime);
    expect(totals).toMatchObject({ totalTimeSeconds: 1200, totalHours: 0, remainingMinutes: 20 });
    expect(await logged()).toEqual(['time_mismatch']);
    expect(await alerts()).toEqual(['time_mismatch']);
    // Consistent now: a second run finds nothing.
    expect(await world.testApp.modules.timeTracking.integrity.runIntegrityCheck(world.clock)).toEqual({
      closedStuckSessions: 0,
      closedDuplicateSessions: 0,
      repairedTotals: 0,
    });
  });

  it('runs once an hour from the scheduler, and a restart neither skips a due run nor repeats one', async () => {
    const session = await startSession();
    const { scheduler } = world.testApp;
    await scheduler.tick();
    const [first] = await db().select().from(jobRuns).where(eq(jobRuns.name, INTEGRITY_JOB));
    expect(first!.lastRunAt).toEqual(world.clock);
    expect(first!.finishedAt).toEqual(world.clock);

    world.advance(20 * 60);
    // A "restarted" scheduler on the same database: the run 20 minutes ago is not repeated.
    const runs: Date[] = [];
    const system = createSystemService({ database: world.testApp.database });
    const restarted = createScheduler({
      jobs: [{ name: INTEGRITY_JOB, intervalMs: 3600_000, run: async (at) => runs.push(at) }],
      store: { claim: system.claimJobRun, finish: system.finishJobRun },
      now: () => world.clock,
      log: { error: () => undefined },
    });
    await restarted.tick();
    expect(runs).toEqual([]);
    // The tab died; an hour after the last run, the next tick closes its session.
    world.advance(40 * 60);
    await scheduler.tick();
    const [closed] = await db().select().from(userTimeTracking).where(eq(userTimeTracking.id, session.id));
    expect(closed!.sessionEnd).toEqual(new Date(session.sessionStart));
    expect(await logged()).toEqual(['session_stuck']);
    await restarted.tick();
    expect(runs).toEqual([]);
    world.advance(3600);
    await restarted.tick();
    expect(runs).toEqual([world.clock]);
  });
});
