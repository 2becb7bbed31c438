import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, type Person } from '../../../test/courses-world.ts';
import { ENGINE } from '../../../test/helper.ts';
import { useTimeTrackingWorld } from '../../../test/time-tracking-world.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { systemAlerts, systemLogs } from '../system/system.tables.ts';
import { userTimeTracking, userTotalTime } from './time-tracking.tables.ts';

const world = useTimeTrackingWorld('2026-03-10T09:00:00Z');

/** An open session written directly, `hoursAgo` old, last active `activeMinutesAgo` ago. */
async function insertOpenSession(
  person: Person,
  hoursAgo: number,
  activeMinutesAgo: number,
  durationSeconds: number,
) {
  const user = world.users[person];
  const [row] = await world.testApp.database.db
    .insert(userTimeTracking)
    .values({
      userId: user.id,
      organizationId: user.organizationId!,
      sessionStart: new Date(world.clock.getTime() - hoursAgo * 3600_000),
      lastActivityAt: new Date(world.clock.getTime() - activeMinutesAgo * 60_000),
      durationSeconds,
    })
    .returning();
  return row!;
}

async function sessionRow(id: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(userTimeTracking)
    .where(eq(userTimeTracking.id, id));
  return row!;
}

async function totalOf(person: Person) {
  const [row] = await world.testApp.database.db
    .select()
    .from(userTotalTime)
    .where(eq(userTotalTime.userId, world.users[person].id));
  return row?.totalTimeSeconds ?? 0;
}

async function issuesLogged(issueType: string) {
  const rows = await world.testApp.database.db
    .select()
    .from(systemLogs)
    .where(and(eq(systemLogs.category, 'time_tracking')));
  return rows.filter((row) => row.metadata?.issueType === issueType);
}

describe('starting and resuming (SPEC 4)', () => {
  it('opens a session, and resumes it on the next start instead of opening another', async () => {
    const first = await world.startSession();
    expect(first).toMatchObject({ resumed: false, closedSessionIds: [] });
    expect(first.session).toMatchObject({
      durationSeconds: 0,
      sessionEnd: null,
      sessionStart: world.clock.toISOString(),
    });
    world.advance(60);
    const second = await world.startSession();
    expect(second).toMatchObject({ resumed: true, closedSessionIds: [] });
    expect(second.session.id).toBe(first.session.id);
    const open = expectStatus(await world.call('studentA1', 'GET', '/api/time-tracking/sessions/open'), 200);
    expect(open.items.map((item: { id: string }) => item.id)).toEqual([first.session.id]);
  });

  it('closes an open session older than 8 hours at its last activity, and opens a new one', async () => {
    const old = await insertOpenSession('studentA1', 9, 400, 3000);
    const result = await world.startSession();
    expect(result.resumed).toBe(false);
    expect(result.closedSessionIds).toEqual([old.id]);
    const closed = await sessionRow(old.id);
    expect(closed.sessionEnd).toEqual(old.lastActivityAt);
    expect(closed.durationSeconds).toBe(3000);
    expect(await totalOf('studentA1')).toBe(3000);
  });

  it('resumes the newest open session and closes the duplicates, reporting duplicate_tracking', async () => {
    const older = await insertOpenSession('studentA1', 2, 90, 1200);
    const newer = await insertOpenSession('studentA1', 1, 1, 600);
    const result = await world.startSession();
    expect(result).toMatchObject({ resumed: true, closedSessionIds: [older.id] });
    expect(result.session.id).toBe(newer.id);
    expect((await sessionRow(older.id)).sessionEnd).toEqual(older.lastActivityAt);
    expect(await totalOf('studentA1')).toBe(1200);
    expect(await issuesLogged('duplicate_tracking')).toHaveLength(1);
    // Two open sessions: logged and notified, not alerted (SPEC 9: above 3).
    expect(await world.testApp.database.db.select().from(systemAlerts)).toEqual([]);
    const notified = await world.testApp.database.db.select().from(notifications);
    expect(notified.map((row) => row.userId)).toEqual([world.users.trainerA.id]);
    expect(notified[0]).toMatchObject({
      type: 'time_tracking_issue',
      metadata: {
        studentId: world.users.studentA1.id,
        studentEmail: 'lea@org-a.example',
        studentName: 'Anne de la Tour',
        issueType: 'duplicate_tracking',
      },
    });
  });

  it('refuses trainers, visitors and students without an organisation', async () => {
    expect((await world.call('trainerA', 'POST', '/api/time-tracking/sessions/start', {})).statusCode).toBe(
      403,
    );
    expect((await world.call(null, 'POST', '/api/time-tracking/sessions/start', {})).statusCode).toBe(401);
    const lone = await world.call('loneStudent', 'POST', '/api/time-tracking/sessions/start', {});
    expect(lone.statusCode).toBe(409);
    expect(lone.json().error.code).toBe('NO_ORGANIZATION');
  });
});

describe('heartbeats: the client counts, the server bounds (docs/time-tracking.md)', () => {
  it('accepts what the client counted within the server clock, and never lets it grow faster or go down', async () => {
    const { session } = await world.startSession();
    world.advance(60);
    expect(expectStatus(await world.heartbeat(session.id, 55), 200)).toMatchObject({
      durationSeconds: 55,
      isOpen: true,
    });
    world.advance(30);
    // 5,000 s claimed after 30 s: only 30 s plus the 30 s tolerance are accepted.
    expect(expectStatus(await world.heartbeat(session.id, 5000), 200).durationSeconds).toBe(115);
    world.advance(30);
    // A smaller count never removes recorded time.
    expect(expectStatus(await world.heartbeat(session.id, 10), 200).durationSeconds).toBe(115);
    expect((await sessionRow(session.id)).lastActivityAt).toEqual(world.clock);
  });

  it('stops a session at 28,800 s and counts it once', async () => {
    const long = await insertOpenSession('studentA1', 8.05, 1, 28_750);
    const result = expectStatus(await world.heartbeat(long.id, 28_800), 200);
    expect(result).toMatchObject({ durationSeconds: 28_800, isOpen: false, maxReached: true });
    expect((await sessionRow(long.id)).sessionEnd).toEqual(world.clock);
    expect(await totalOf('studentA1')).toBe(28_800);
    const again = expectStatus(await world.heartbeat(long.id, 28_800), 200);
    expect(again).toMatchObject({ isOpen: false, maxReached: true });
    expect(await totalOf('studentA1')).toBe(28_800);
    expect((await world.heartbeat(long.id, 28_801)).statusCode).toBe(400);
  });

  it('answers 404 for another learner’s session, even of the same organisation', async () => {
    const { session } = await world.startSession('studentA1');
    const response = await world.heartbeat(session.id, 10, 'studentA2');
    expect(response.statusCode).toBe(404);
    expect((await world.endSession(session.id, 10, 'studentB')).statusCode).toBe(404);
    expect((await sessionRow(session.id)).durationSeconds).toBe(0);
  });
});

describe('ending (update-total-time)', () => {
  it('closes the session and adds its duration to the totals in one go; ending twice counts once', async () => {
    const { session } = await world.startSession();
    world.advance(3725);
    const ended = expectStatus(await world.endSession(session.id, 3725), 200);
    expect(ended.alreadyEnded).toBe(false);
    expect(ended.session).toMatchObject({ durationSeconds: 3725, sessionEnd: world.clock.toISOString() });
    expect(ended.totals).toMatchObject({ totalTimeSeconds: 3725, totalHours: 1, remainingMinutes: 2 });
    world.advance(10);
    const twice = expectStatus(await world.endSession(session.id, 3735), 200);
    expect(twice).toMatchObject({ alreadyEnded: true, totals: { totalTimeSeconds: 3725 } });
    const afterEnd = expectStatus(await world.heartbeat(session.id, 4000), 200);
    expect(afterEnd).toMatchObject({ isOpen: false, durationSeconds: 3725 });
  });
});

describe('a tab that died', () => {
  it('is closed by the hourly job at its last activity, not at the time of the job', async () => {
    const { session } = await world.startSession();
    world.advance(600);
    expectStatus(await world.heartbeat(session.id, 600), 200);
    const lastActivity = world.clock;
    world.advance(3 * 3600);
    const report = await runJob();
    expect(report.closedStuckSessions).toBe(1);
    const closed = await sessionRow(session.id);
    expect(closed.sessionEnd).toEqual(lastActivity);
    expect(closed.durationSeconds).toBe(600);
    expect(await totalOf('studentA1')).toBe(600);
    expect(await issuesLogged('session_stuck')).toHaveLength(1);
    const notified = await world.testApp.database.db.select().from(notifications);
    expect(notified.map((row) => row.metadata?.issueType)).toEqual(['session_stuck']);
  });
});

const runJob = () => world.testApp.modules.timeTracking.integrity.runIntegrityCheck(world.clock);

describe(`row-level security on ${ENGINE}`, () => {
  it('shows a learner only their own sessions and a trainer only their organisation’s', async () => {
    await world.startSession('studentA1');
    await world.startSession('studentB');
    const tenant = (person: Person, role: 'student' | 'trainer') => ({
      userId: world.users[person].id,
      role,
      organizationId: world.users[person].organizationId,
    });
    const { withTenant } = world.testApp.database;
    const seenBy = async (person: Person, role: 'student' | 'trainer') =>
      (await withTenant(tenant(person, role), (tx) => tx.select().from(userTimeTracking))).map(
        (row) => row.userId,
      );
    expect(await seenBy('studentA2', 'student')).toEqual([]);
    expect(await seenBy('studentA1', 'student')).toEqual([world.users.studentA1.id]);
    expect(await seenBy('trainerA', 'trainer')).toEqual([world.users.studentA1.id]);
    expect(await seenBy('trainerB', 'trainer')).toEqual([world.users.studentB.id]);
    // The single-round-trip path of heartbeats applies the same policies.
    const { queryAsTenant } = world.testApp.database;
    const unfiltered = {
      sql: 'update user_time_tracking set duration_seconds = 1 returning user_id',
      params: [],
    };
    expect(await queryAsTenant(tenant('studentA2', 'student'), unfiltered)).toEqual([]);
    expect(
      await queryAsTenant(tenant('trainerB', 'trainer'), {
        sql: 'select user_id from user_time_tracking',
        params: [],
      }),
    ).toEqual([{ user_id: world.users.studentB.id }]);
    // Heartbeats skip the wait for the disk in their own transaction only.
    const commitMode = { sql: "select current_setting('synchronous_commit') as mode", params: [] };
    const asStudent = tenant('studentA1', 'student');
    expect(await queryAsTenant(asStudent, commitMode, { durable: false })).toEqual([{ mode: 'off' }]);
    expect(await queryAsTenant(asStudent, commitMode)).toEqual([{ mode: 'on' }]);
    await expect(
      withTenant(tenant('studentA2', 'student'), (tx) =>
        tx.insert(userTimeTracking).values({
          userId: world.users.studentA1.id,
          organizationId: world.users.studentA1.organizationId!,
          sessionStart: world.clock,
          lastActivityAt: world.clock,
        }),
      ),
    ).rejects.toThrow();
  });
});
