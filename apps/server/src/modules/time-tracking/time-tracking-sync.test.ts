import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, type Person } from '../../../test/courses-world.ts';
import { offlineSession, useTimeTrackingWorld } from '../../../test/time-tracking-world.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { systemLogs } from '../system/system.tables.ts';
import { userTimeTracking } from './time-tracking.tables.ts';

// Monday 12 January 2026, 00:30 in Paris (winter time, UTC+1).
const world = useTimeTrackingWorld('2026-01-11T23:30:00Z');
const at = (iso: string) => new Date(iso);

const sync = (sessions: object[], person: Person = 'studentA1') =>
  world.call(person, 'POST', '/api/time-tracking/sessions/sync', { sessions });
const myTime = async (person: Person = 'studentA1') =>
  expectStatus(await world.call(person, 'GET', '/api/time-tracking/me'), 200);

describe('offline sessions (SPEC 4)', () => {
  it('records a batch once: a replay is a duplicate and adds nothing', async () => {
    const batch = [
      offlineSession('2026-01-11T20:00:00Z', '2026-01-11T20:30:00Z', 1700),
      offlineSession('2026-01-11T21:00:00Z', '2026-01-11T21:10:00Z', 600),
    ];
    const first = expectStatus(await sync(batch), 200);
    expect(first.results.map((result: { status: string }) => result.status)).toEqual(['synced', 'synced']);
    expect(first.totals.totalTimeSeconds).toBe(2300);
    const replay = expectStatus(await sync(batch), 200);
    expect(replay.results.map((result: { status: string }) => result.status)).toEqual([
      'duplicate',
      'duplicate',
    ]);
    expect(replay.totals.totalTimeSeconds).toBe(2300);
    const sameIdTwice = expectStatus(await sync([batch[0]!, batch[0]!]), 200);
    expect(sameIdTwice.totals.totalTimeSeconds).toBe(2300);
  });

  it('rejects sessions overlapping recorded time, and impossible ones, with their reason', async () => {
    expectStatus(await sync([offlineSession('2026-01-11T20:00:00Z', '2026-01-11T21:00:00Z', 3600)]), 200);
    const entries = [
      offlineSession('2026-01-11T20:30:00Z', '2026-01-11T21:30:00Z', 1800),
      offlineSession('2026-01-11T18:00:00Z', '2026-01-11T18:10:00Z', 1200),
      offlineSession('2026-01-11T18:00:00Z', '2026-01-11T17:00:00Z', 10),
      offlineSession('2026-01-12T10:00:00Z', '2026-01-12T11:00:00Z', 3600),
      offlineSession('2026-01-11T15:00:00Z', '2026-01-11T15:30:00Z', 1800),
      offlineSession('2026-01-11T15:20:00Z', '2026-01-11T15:40:00Z', 600),
    ];
    const result = expectStatus(await sync(entries), 200);
    expect(
      result.results.map((item: { status: string; reason?: string }) => item.reason ?? item.status),
    ).toEqual(['overlapping', 'invalid', 'invalid', 'invalid', 'synced', 'overlapping']);
    expect(result.totals.totalTimeSeconds).toBe(3600 + 1800);
    const logged = await world.testApp.database.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.category, 'time_tracking'));
    expect(logged.map((row) => row.metadata?.issueType)).toEqual(['sync_error']);
    const notified = await world.testApp.database.db.select().from(notifications);
    expect(notified.map((row) => row.metadata?.issueType)).toEqual(['sync_error']);
  });

  it('closes a session the server opened when its id comes back from the offline store, bounded by the server’s start', async () => {
    world.clock = at('2026-01-11T20:00:00Z');
    const { session } = await world.startSession();
    world.clock = at('2026-01-11T23:00:00Z');
    // The client claims its session began earlier than the server saw it: the server's start wins.
    const claimed = [
      {
        id: session.id,
        sessionStart: '2026-01-11T19:00:00Z',
        sessionEnd: '2026-01-11T21:00:00Z',
        durationSeconds: 7000,
      },
    ];
    const result = expectStatus(await sync(claimed), 200);
    expect(result.results[0].status).toBe('synced');
    expect(result.totals.totalTimeSeconds).toBe(3600 + 30);
    const replay = expectStatus(await sync(claimed), 200);
    expect(replay.results[0].status).toBe('duplicate');
    expect(replay.totals.totalTimeSeconds).toBe(3630);
  });

  it('refuses another learner’s id without revealing or touching their session', async () => {
    const [other] = await world.testApp.database.db
      .insert(userTimeTracking)
      .values({
        userId: world.users.studentB.id,
        organizationId: world.users.studentB.organizationId!,
        sessionStart: at('2026-01-11T10:00:00Z'),
        sessionEnd: at('2026-01-11T11:00:00Z'),
        lastActivityAt: at('2026-01-11T11:00:00Z'),
        durationSeconds: 3600,
      })
      .returning();
    const result = expectStatus(
      await sync([
        {
          id: other!.id,
          sessionStart: '2026-01-11T12:00:00Z',
          sessionEnd: '2026-01-11T12:30:00Z',
          durationSeconds: 60,
        },
      ]),
      200,
    );
    expect(result.results[0]).toEqual({ id: other!.id, status: 'rejected', reason: 'id_conflict' });
  });

  it('validates the batch and names the field', async () => {
    const response = await sync([{ id: 'nope', sessionStart: 'x', sessionEnd: 'y', durationSeconds: -1 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[0].path).toMatch(/^sessions\.0\./);
    expect((await sync([])).statusCode).toBe(400);
  });
});

describe('totals: today, this week (Monday, Europe/Paris), total', () => {
  it('counts each session on the Paris day it started, across the week boundary', async () => {
    const entries = [
      // Sunday 11 January, 23:00 in Paris: last week.
      offlineSession('2026-01-11T22:00:00Z', '2026-01-11T22:30:00Z', 1800),
      // Monday 12 January, 00:05 in Paris (still Sunday in UTC): this week, today.
      offlineSession('2026-01-11T23:05:00Z', '2026-01-11T23:15:00Z', 600),
      // Monday 5 January: last week.
      offlineSession('2026-01-05T09:00:00Z', '2026-01-05T10:00:00Z', 3600),
    ];
    expectStatus(await sync(entries), 200);
    expect(await myTime()).toMatchObject({
      todaySeconds: 600,
      weekSeconds: 600,
      totalSeconds: 6000,
      openSessionSeconds: 0,
      weekStartsAt: '2026-01-11T23:00:00.000Z',
      timeZone: 'Europe/Paris',
    });
    // Wednesday: today is empty, the week keeps Monday's 10 minutes.
    world.clock = at('2026-01-14T12:00:00Z');
    expect(await myTime()).toMatchObject({ todaySeconds: 0, weekSeconds: 600, totalSeconds: 6000 });
  });

  it('adds the open session’s recorded time to the total', async () => {
    const { session } = await world.startSession();
    world.advance(120);
    expectStatus(await world.heartbeat(session.id, 120), 200);
    expect(await myTime()).toMatchObject({ todaySeconds: 120, totalSeconds: 120, openSessionSeconds: 120 });
  });
});

describe('resets by role (SPEC 4, 6)', () => {
  async function seedStudent() {
    expectStatus(await sync([offlineSession('2026-01-11T20:00:00Z', '2026-01-11T21:00:00Z', 3600)]), 200);
    return (await world.startSession()).session;
  }
  const studentUrl = (action: string) => `/api/time-tracking/students/${world.users.studentA1.id}/${action}`;

  it('refuses students both resets', async () => {
    await seedStudent();
    expect((await world.call('studentA1', 'POST', studentUrl('reset-session'))).statusCode).toBe(403);
    expect((await world.call('studentA2', 'POST', studentUrl('reset-total'))).statusCode).toBe(403);
  });

  it('lets a trainer close the current session with duration 0, and not reset the total', async () => {
    const session = await seedStudent();
    world.advance(600);
    expectStatus(await world.heartbeat(session.id, 600), 200);
    expect(expectStatus(await world.call('trainerA', 'POST', studentUrl('reset-session')), 200)).toEqual({
      closedSessionCount: 1,
    });
    const [row] = await world.testApp.database.db
      .select()
      .from(userTimeTracking)
      .where(eq(userTimeTracking.id, session.id));
    expect(row).toMatchObject({ durationSeconds: 0, sessionEnd: world.clock });
    expect((await myTime()).totalSeconds).toBe(3600);
    const refused = await world.call('trainerA', 'POST', studentUrl('reset-total'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NOT_AUTHORIZED');
  });

  it('hides another organisation’s learner from a trainer (404)', async () => {
    await seedStudent();
    const response = await world.call('trainerB', 'POST', studentUrl('reset-session'));
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('USER_NOT_FOUND');
    expect(
      (await world.testApp.database.db.select().from(userTimeTracking)).filter((row) => !row.sessionEnd),
    ).toHaveLength(1);
  });

  it('lets an admin reset the total: totals to 0 and the session rows deleted', async () => {
    await seedStudent();
    const result = expectStatus(await world.call('admin', 'POST', studentUrl('reset-total')), 200);
    expect(result).toMatchObject({
      success: true,
      deletedSessionCount: 2,
      totals: { totalTimeSeconds: 0, totalHours: 0, remainingMinutes: 0 },
    });
    expect(await world.testApp.database.db.select().from(userTimeTracking)).toEqual([]);
    expect(await myTime()).toMatchObject({ totalSeconds: 0, weekSeconds: 0 });
  });
});
