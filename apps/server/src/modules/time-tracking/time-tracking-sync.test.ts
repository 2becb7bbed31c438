import { OFFLINE_DAILY_LIMIT_SECONDS, TIME_TRACKING } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, type Person } from '../../../test/courses-world.ts';
import {
  createEnrolledCourse,
  type OfflineSession,
  offlineSession,
  useTimeTrackingWorld,
} from '../../../test/time-tracking-world.ts';
import { courseEnrollments } from '../courses/courses.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { systemAlerts, systemLogs } from '../system/system.tables.ts';
import { OFFLINE_LEASE_RETENTION_MS, purgeOfflineLeases } from './offline-leases.ts';
import { offlineLeases, userTimeTracking } from './time-tracking.tables.ts';

// Monday 12 January 2026, 00:30 in Paris (winter time, UTC+1).
const world = useTimeTrackingWorld('2026-01-11T23:30:00Z');
const at = (iso: string) => new Date(iso);

const sync = (sessions: object[], person: Person = 'studentA1') =>
  world.call(person, 'POST', '/api/time-tracking/sessions/sync', { sessions });
/** The same, each session under a lease issued when it began: for the rules that are not the lease's. */
const syncLeased = (sessions: OfflineSession[], person: Person = 'studentA1') =>
  world.syncOffline(sessions, person);
const myTime = async (person: Person = 'studentA1') =>
  expectStatus(await world.call(person, 'GET', '/api/time-tracking/me'), 200);

describe('offline sessions (SPEC 4)', () => {
  it('records a batch once: a replay is a duplicate and adds nothing', async () => {
    const batch = [
      offlineSession('2026-01-11T20:00:00Z', '2026-01-11T20:30:00Z', 1700),
      offlineSession('2026-01-11T21:00:00Z', '2026-01-11T21:10:00Z', 600),
    ];
    const first = expectStatus(await syncLeased(batch), 200);
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
    expectStatus(
      await syncLeased([offlineSession('2026-01-11T20:00:00Z', '2026-01-11T21:00:00Z', 3600)]),
      200,
    );
    const entries = [
      offlineSession('2026-01-11T20:30:00Z', '2026-01-11T21:30:00Z', 1800),
      offlineSession('2026-01-11T18:00:00Z', '2026-01-11T18:10:00Z', 1200),
      offlineSession('2026-01-11T18:00:00Z', '2026-01-11T17:00:00Z', 10),
      offlineSession('2026-01-12T10:00:00Z', '2026-01-12T11:00:00Z', 3600),
      offlineSession('2026-01-11T15:00:00Z', '2026-01-11T15:30:00Z', 1800),
      offlineSession('2026-01-11T15:20:00Z', '2026-01-11T15:40:00Z', 600),
    ];
    const result = expectStatus(await syncLeased(entries), 200);
    expect(
      result.results.map((item: { status: string; reason?: string }) => item.reason ?? item.status),
    ).toEqual(['overlapping', 'invalid', 'invalid', 'invalid', 'synced', 'overlapping']);
    expect(result.totals.totalTimeSeconds).toBe(3600 + 1800);
    const logged = await world.testApp.database.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.category, 'time_tracking'));
    expect(logged.map((row) => row.metadata?.issueType)).toEqual(['sync_error']);
    // Learners' first sign-ins also earn a badge, announced by a notification of its own.
    const notified = await world.testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'time_tracking_issue'));
    expect(notified.map((row) => row.metadata?.issueType)).toEqual(['sync_error']);
  });

  it('closes a session the server opened at its last activity, with what the server saw then', async () => {
    world.clock = at('2026-01-11T20:00:00Z');
    const { session } = await world.startSession();
    world.clock = at('2026-01-11T20:30:00Z');
    expectStatus(await world.heartbeat(session.id, 1800), 200);
    world.clock = at('2026-01-11T23:00:00Z');
    const claimed = [
      {
        id: session.id,
        sessionStart: session.sessionStart,
        sessionEnd: '2026-01-11T20:30:00Z',
        durationSeconds: 1810,
      },
    ];
    const result = expectStatus(await sync(claimed), 200);
    expect(result.results[0]).toEqual({ id: session.id, status: 'synced' });
    expect(result.totals.totalTimeSeconds).toBe(1810);
    const [row] = await world.testApp.database.db
      .select()
      .from(userTimeTracking)
      .where(eq(userTimeTracking.id, session.id));
    expect(row).toMatchObject({ sessionEnd: at('2026-01-11T20:30:00Z'), source: 'online' });
    const replay = expectStatus(await sync(claimed), 200);
    expect(replay.results[0].status).toBe('duplicate');
    expect(replay.totals.totalTimeSeconds).toBe(1810);
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
      await syncLeased([
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

describe('offline time is bound to what the server knew (issue 11)', () => {
  const db = () => world.testApp.database.db;
  type Answer = {
    results: { id: string; status: string; reason?: string }[];
    totals: { totalTimeSeconds: number };
  };
  const outcomes = (answer: Answer) => answer.results.map((result) => result.reason ?? result.status);
  const syncErrors = async () =>
    (await db().select().from(systemLogs).where(eq(systemLogs.category, 'time_tracking'))).filter(
      (row) => row.metadata?.issueType === 'sync_error',
    );
  const syncAlerts = async () =>
    (await db().select().from(systemAlerts)).filter((row) => row.alertType === 'sync_error');
  const sessionRow = async (id: string) =>
    (await db().select().from(userTimeTracking).where(eq(userTimeTracking.id, id)))[0];

  it('refuses a backdated batch, logs it with its reasons and alerts staff', async () => {
    world.clock = at('2026-01-11T22:00:00Z');
    const { offlineLease } = await world.startSession();
    const otherLease = (await world.startSession('studentA2')).offlineLease;
    world.clock = at('2026-01-11T23:30:00Z');
    const batch = [
      offlineSession('2026-01-10T08:00:00Z', '2026-01-10T12:00:00Z', 14_400, undefined, offlineLease.id),
      offlineSession('2026-01-10T13:00:00Z', '2026-01-10T17:00:00Z', 14_400, undefined, offlineLease.id),
      offlineSession('2026-01-09T08:00:00Z', '2026-01-09T12:00:00Z', 14_400, undefined, offlineLease.id),
      // Inside the window, but under no lease, or under another learner's.
      offlineSession('2026-01-11T22:10:00Z', '2026-01-11T22:20:00Z', 600),
      offlineSession('2026-01-11T22:30:00Z', '2026-01-11T22:40:00Z', 600, undefined, otherLease.id),
    ];
    const answer = expectStatus<Answer>(await sync(batch), 200);
    expect(outcomes(answer)).toEqual([
      'outside_lease',
      'outside_lease',
      'outside_lease',
      'no_lease',
      'no_lease',
    ]);
    expect(answer.totals.totalTimeSeconds).toBe(0);
    const [log] = await syncErrors();
    expect(log?.metadata).toMatchObject({
      issueType: 'sync_error',
      reasons: { outside_lease: 3, no_lease: 2 },
      refusedSeconds: 3 * 14_400 + 1200,
    });
    expect(await syncAlerts()).toHaveLength(1);
    const notified = await db().select().from(notifications);
    expect(notified.map((row) => row.metadata?.issueType)).toContain('sync_error');
  });

  it('refuses an oversized batch of 100 sessions of 8 h, and logs it', async () => {
    world.clock = at('2026-01-11T15:00:00Z');
    const { offlineLease } = await world.startSession();
    world.clock = at('2026-01-11T23:30:00Z');
    const eightHours = 8 * 3600 * 1000;
    const batch = Array.from({ length: 100 }, (_, index) =>
      offlineSession(
        new Date(world.clock.getTime() - (index + 1) * eightHours).toISOString(),
        new Date(world.clock.getTime() - index * eightHours).toISOString(),
        28_800,
        undefined,
        offlineLease.id,
      ),
    );
    const answer = expectStatus<Answer>(await sync(batch), 200);
    expect(answer.results.every((result) => result.status === 'rejected')).toBe(true);
    // The newest lies inside the lease's window but is twice the daily ceiling; the rest precede the lease.
    expect(outcomes(answer)[0]).toBe('daily_limit');
    expect(new Set(outcomes(answer).slice(1))).toEqual(new Set(['outside_lease']));
    expect(answer.totals.totalTimeSeconds).toBe(0);
    const [log] = await syncErrors();
    expect(log?.metadata).toMatchObject({
      reasons: { daily_limit: 1, outside_lease: 99 },
      refusedSeconds: 100 * 28_800,
    });
    expect(log?.message).toContain('100 of 100 offline sessions refused');
    expect(await syncAlerts()).toHaveLength(1);
  });

  it('credits only inside the lease window: 24 h from a start, ended by the next start or an online end', async () => {
    world.clock = at('2026-01-11T10:00:00Z');
    const first = await world.startSession();
    expect(first.offlineLease).toMatchObject({
      issuedAt: '2026-01-11T10:00:00.000Z',
      expiresAt: '2026-01-12T10:00:00.000Z',
      courseId: null,
    });
    world.clock = at('2026-01-11T12:00:00Z');
    const second = await world.startSession();
    expect(second.session.id).toBe(first.session.id);
    world.clock = at('2026-01-11T16:00:00Z');
    const answer = expectStatus<Answer>(
      await sync([
        offlineSession(
          '2026-01-11T10:30:00Z',
          '2026-01-11T11:00:00Z',
          1800,
          undefined,
          first.offlineLease.id,
        ),
        // The next start saw the learner online at 12:00: the first lease stops there.
        offlineSession(
          '2026-01-11T12:30:00Z',
          '2026-01-11T13:00:00Z',
          1800,
          undefined,
          first.offlineLease.id,
        ),
        offlineSession(
          '2026-01-11T13:00:00Z',
          '2026-01-11T13:30:00Z',
          1800,
          undefined,
          second.offlineLease.id,
        ),
      ]),
      200,
    );
    expect(outcomes(answer)).toEqual(['synced', 'outside_lease', 'synced']);
    expectStatus(await world.endSession(first.session.id, 60), 200);
    world.clock = at('2026-01-11T20:00:00Z');
    const afterEnd = expectStatus<Answer>(
      await sync([
        offlineSession(
          '2026-01-11T17:00:00Z',
          '2026-01-11T17:30:00Z',
          1800,
          undefined,
          second.offlineLease.id,
        ),
      ]),
      200,
    );
    expect(outcomes(afterEnd)).toEqual(['outside_lease']);
    // A lease ends 24 h after its issue even if nothing else ends it.
    const lease = await world.grantLease('2026-01-10T08:00:00Z');
    const late = expectStatus<Answer>(
      await sync([
        offlineSession('2026-01-10T07:00:00Z', '2026-01-10T07:30:00Z', 1800, undefined, lease),
        offlineSession('2026-01-11T08:30:00Z', '2026-01-11T09:00:00Z', 1800, undefined, lease),
        offlineSession('2026-01-10T09:00:00Z', '2026-01-10T09:30:00Z', 1800, undefined, lease),
      ]),
      200,
    );
    expect(outcomes(late)).toEqual(['outside_lease', 'outside_lease', 'synced']);
  });

  it('never credits a lease’s time twice: what comes later under it starts after what it credited', async () => {
    const lease = await world.grantLease('2026-01-11T08:00:00Z');
    const first = expectStatus<Answer>(
      await sync([offlineSession('2026-01-11T10:00:00Z', '2026-01-11T10:30:00Z', 1800, undefined, lease)]),
      200,
    );
    expect(outcomes(first)).toEqual(['synced']);
    const again = expectStatus<Answer>(
      await sync([
        offlineSession('2026-01-11T09:00:00Z', '2026-01-11T09:20:00Z', 1200, undefined, lease),
        offlineSession('2026-01-11T10:40:00Z', '2026-01-11T10:50:00Z', 600, undefined, lease),
      ]),
      200,
    );
    expect(outcomes(again)).toEqual(['outside_lease', 'synced']);
    expect(again.totals.totalTimeSeconds).toBe(2400);
  });

  it('forgets a lease 30 days after it ended, so a sync naming it is refused, and keeps recent ones', async () => {
    const old = await world.grantLease('2026-01-11T08:00:00Z');
    const recent = await world.grantLease('2026-01-11T09:00:00Z');
    // The daily job, as it runs (cursus_jobs) a month after the old lease ended (the recent one is
    // 30 days short of a second past it). Calling it directly keeps the sessions' clock untouched.
    const oldEnd = new Date('2026-01-12T08:00:00Z');
    const runAt = new Date(oldEnd.getTime() + OFFLINE_LEASE_RETENTION_MS + 1000);
    expect(await purgeOfflineLeases(world.testApp.database.jobs, runAt)).toBe(1);

    const kept = (await db().select({ id: offlineLeases.id }).from(offlineLeases)).map((lease) => lease.id);
    expect(kept).toContain(recent);
    expect(kept).not.toContain(old);
    const late = expectStatus<Answer>(
      await sync([offlineSession('2026-01-11T10:00:00Z', '2026-01-11T10:30:00Z', 1800, undefined, old)]),
      200,
    );
    expect(outcomes(late)).toEqual(['no_lease']);
  });

  it('refuses offline time over time the server tracked, and credits the rest as offline', async () => {
    world.clock = at('2026-01-11T14:00:00Z');
    const { session, offlineLease } = await world.startSession();
    world.clock = at('2026-01-11T15:00:00Z');
    expectStatus(await world.heartbeat(session.id, 3600), 200);
    world.clock = at('2026-01-11T16:00:00Z');
    const overlapping = offlineSession(
      '2026-01-11T14:30:00Z',
      '2026-01-11T14:45:00Z',
      900,
      undefined,
      offlineLease.id,
    );
    const after = offlineSession(
      '2026-01-11T15:10:00Z',
      '2026-01-11T15:40:00Z',
      1800,
      undefined,
      offlineLease.id,
    );
    const answer = expectStatus<Answer>(await sync([overlapping, after]), 200);
    expect(outcomes(answer)).toEqual(['overlapping', 'synced']);
    expect(await sessionRow(after.id)).toMatchObject({ source: 'offline', durationSeconds: 1800 });
    expect((await syncErrors())[0]?.metadata).toMatchObject({ reasons: { overlapping: 1 } });
  });

  it('refuses time before the learner’s enrolment in the formation it names', async () => {
    const lease = await world.grantLease('2026-01-11T08:00:00Z');
    const { course } = await createEnrolledCourse(world, 'Habilitation électrique');
    await db()
      .update(courseEnrollments)
      .set({ createdAt: at('2026-01-11T12:00:00Z') })
      .where(eq(courseEnrollments.courseId, course.id));
    const before = offlineSession('2026-01-11T10:00:00Z', '2026-01-11T10:30:00Z', 1800, course.id, lease);
    const after = offlineSession('2026-01-11T12:30:00Z', '2026-01-11T13:00:00Z', 1800, course.id, lease);
    const answer = expectStatus<Answer>(await sync([before, after]), 200);
    expect(outcomes(answer)).toEqual(['before_enrollment', 'synced']);
    expect(await sessionRow(after.id)).toMatchObject({ courseId: course.id, source: 'offline' });
    expect((await syncErrors())[0]?.metadata).toMatchObject({ reasons: { before_enrollment: 1 } });
  });

  it('credits at most the daily ceiling of offline time per Paris day', async () => {
    const lease = await world.grantLease('2026-01-11T06:00:00Z');
    const answer = expectStatus<Answer>(
      await sync([
        offlineSession('2026-01-11T07:00:00Z', '2026-01-11T10:00:00Z', 3 * 3600, undefined, lease),
        offlineSession('2026-01-11T11:00:00Z', '2026-01-11T13:00:00Z', 2 * 3600, undefined, lease),
        offlineSession(
          '2026-01-11T13:30:00Z',
          '2026-01-11T14:30:00Z',
          OFFLINE_DAILY_LIMIT_SECONDS - 3 * 3600,
          undefined,
          lease,
        ),
        // 00:05 on Monday in Paris: another day.
        offlineSession('2026-01-11T23:05:00Z', '2026-01-11T23:25:00Z', 1200, undefined, lease),
      ]),
      200,
    );
    expect(outcomes(answer)).toEqual(['synced', 'daily_limit', 'synced', 'synced']);
    expect(answer.totals.totalTimeSeconds).toBe(OFFLINE_DAILY_LIMIT_SECONDS + 1200);
    expect((await syncErrors())[0]?.metadata).toMatchObject({ reasons: { daily_limit: 1 } });
  });

  it('refuses the unseen part of a session the server opened, sent back with its whole span', async () => {
    world.clock = at('2026-01-11T20:00:00Z');
    const { session, offlineLease } = await world.startSession();
    world.clock = at('2026-01-11T20:30:00Z');
    expectStatus(await world.heartbeat(session.id, 1800), 200);
    world.clock = at('2026-01-11T23:00:00Z');
    const wholeSpan = {
      id: session.id,
      sessionStart: session.sessionStart,
      sessionEnd: '2026-01-11T23:00:00Z',
      durationSeconds: 3 * 3600,
    };
    const answer = expectStatus<Answer>(await sync([wholeSpan]), 200);
    expect(outcomes(answer)).toEqual(['unseen_time']);
    // Closed where the server last saw it, with what it had recorded then (and the 30 s tolerance).
    expect(await sessionRow(session.id)).toMatchObject({
      sessionEnd: at('2026-01-11T20:30:00Z'),
      durationSeconds: 1800 + TIME_TRACKING.toleranceSeconds,
    });
    expect(answer.totals.totalTimeSeconds).toBe(1830);
    expect((await syncErrors())[0]?.metadata).toMatchObject({ reasons: { unseen_time: 1 } });
    // The browser sends what it counted after the last heartbeat as offline time, under its lease.
    const rest = offlineSession(
      '2026-01-11T20:30:00Z',
      '2026-01-11T21:30:00Z',
      3600,
      undefined,
      offlineLease.id,
    );
    expect(outcomes(expectStatus<Answer>(await sync([rest]), 200))).toEqual(['synced']);
    expect(await sessionRow(rest.id)).toMatchObject({ source: 'offline' });
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
    expectStatus(await syncLeased(entries), 200);
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
    expectStatus(
      await syncLeased([offlineSession('2026-01-11T20:00:00Z', '2026-01-11T21:00:00Z', 3600)]),
      200,
    );
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
