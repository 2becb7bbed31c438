import { randomUUID } from 'node:crypto';
import {
  type CourseDetail,
  OFFLINE_LEASE_WINDOW_SECONDS,
  type StartTimeSessionResult,
} from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { notifications } from '../src/modules/notifications/notifications.tables.ts';
import { jobRuns, systemAlerts, systemLogs } from '../src/modules/system/system.tables.ts';
import {
  offlineLeases,
  userTimeTracking,
  userTotalTime,
} from '../src/modules/time-tracking/time-tracking.tables.ts';
import { type CoursesWorld, createCoursesWorld, expectStatus, type Person } from './courses-world.ts';

/** The courses world on a clock the tests move: nothing in the time-tracking suites waits for real time. */
export interface TimeTrackingWorld extends Omit<CoursesWorld, 'close'> {
  /** The server's clock. */
  clock: Date;
  advance(seconds: number): void;
  startSession(person?: Person): Promise<StartTimeSessionResult>;
  heartbeat(sessionId: string, elapsedSeconds: number, person?: Person): Promise<LightMyRequestResponse>;
  endSession(sessionId: string, elapsedSeconds: number, person?: Person): Promise<LightMyRequestResponse>;
  /** A lease as a start would issue it at `issuedAt`, written directly (fixtures of other suites). */
  grantLease(issuedAt: string | Date, person?: Person, courseId?: string): Promise<string>;
  /**
   * Sends offline sessions as the browser would, each one naming a lease issued when it began
   * (unless it names its own): for suites that need recorded offline time, not the lease rules.
   */
  syncOffline(sessions: OfflineSession[], person?: Person): Promise<LightMyRequestResponse>;
}

/**
 * Builds the world before the file's tests and closes it after them. Unless `keepRecords` is set
 * (for suites that seed once in `beforeAll`), each test starts at `start` with no sessions, totals,
 * notifications, alerts, job runs or time-tracking logs.
 */
export function useTimeTrackingWorld(
  start: string | Date,
  options: { keepRecords?: boolean } = {},
): TimeTrackingWorld {
  const startsAt = new Date(start);
  let clock = startsAt;
  let built: CoursesWorld | undefined;
  const world = () => {
    if (!built)
      throw new Error('the time-tracking world is built in beforeAll; use it inside hooks and tests');
    return built;
  };

  beforeAll(async () => {
    built = await createCoursesWorld({}, { now: () => clock });
  });
  afterAll(() => built?.close());
  if (!options.keepRecords) {
    beforeEach(async () => {
      clock = startsAt;
      const { db } = world().testApp.database;
      for (const table of [
        userTimeTracking,
        offlineLeases,
        userTotalTime,
        notifications,
        systemAlerts,
        jobRuns,
      ])
        await db.delete(table);
      await db.delete(systemLogs).where(eq(systemLogs.category, 'time_tracking'));
    });
  }

  const grantLease: TimeTrackingWorld['grantLease'] = async (issuedAt, person = 'studentA1', courseId) => {
    const user = world().users[person];
    const at = new Date(issuedAt);
    const [lease] = await world()
      .testApp.database.db.insert(offlineLeases)
      .values({
        userId: user.id,
        organizationId: user.organizationId!,
        courseId: courseId ?? null,
        issuedAt: at,
        expiresAt: new Date(at.getTime() + OFFLINE_LEASE_WINDOW_SECONDS * 1000),
      })
      .returning();
    return lease!.id;
  };

  return {
    get testApp() {
      return world().testApp;
    },
    get users() {
      return world().users;
    },
    call: (person, method, url, payload) => world().call(person, method, url, payload),
    get clock() {
      return clock;
    },
    set clock(value) {
      clock = value;
    },
    advance(seconds) {
      clock = new Date(clock.getTime() + seconds * 1000);
    },
    async startSession(person = 'studentA1') {
      return expectStatus<StartTimeSessionResult>(
        await world().call(person, 'POST', '/api/time-tracking/sessions/start', {}),
        200,
      );
    },
    heartbeat: (sessionId, elapsedSeconds, person = 'studentA1') =>
      world().call(person, 'POST', `/api/time-tracking/sessions/${sessionId}/heartbeat`, { elapsedSeconds }),
    endSession: (sessionId, elapsedSeconds, person = 'studentA1') =>
      world().call(person, 'POST', `/api/time-tracking/sessions/${sessionId}/end`, { elapsedSeconds }),
    grantLease,
    async syncOffline(sessions, person = 'studentA1') {
      const leased = [];
      for (const session of sessions) {
        leased.push({
          ...session,
          leaseId: session.leaseId ?? (await grantLease(session.sessionStart, person)),
        });
      }
      return world().call(person, 'POST', '/api/time-tracking/sessions/sync', { sessions: leased });
    },
  };
}

export type OfflineSession = ReturnType<typeof offlineSession>;

/** A session the client recorded offline, as `/api/time-tracking/sessions/sync` takes it. */
export function offlineSession(
  sessionStart: string,
  sessionEnd: string,
  durationSeconds: number,
  courseId?: string,
  leaseId?: string,
): {
  id: string;
  sessionStart: string;
  sessionEnd: string;
  durationSeconds: number;
  courseId?: string;
  leaseId?: string;
} {
  return {
    id: randomUUID(),
    sessionStart,
    sessionEnd,
    durationSeconds,
    ...(courseId ? { courseId } : {}),
    ...(leaseId ? { leaseId } : {}),
  };
}

/** A formation of trainerA's, published with one module of `lessonCount` text lessons, Léa (studentA1) enrolled. */
export async function createEnrolledCourse(
  world: Pick<CoursesWorld, 'call' | 'users'>,
  title: string,
  lessonCount = 1,
) {
  const course = expectStatus<CourseDetail>(
    await world.call('trainerA', 'POST', '/api/courses', { title }),
    200,
  );
  const module = expectStatus(
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/modules`, { title: 'M' }),
    200,
  );
  const lessonIds: string[] = [];
  for (let index = 0; index < lessonCount; index += 1) {
    const lesson = expectStatus(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/modules/${module.id}/lessons`, {
        title: `L${index}`,
        content: { type: 'text', html: '<p>x</p>' },
      }),
      200,
    );
    lessonIds.push(lesson.id);
  }
  expectStatus(await world.call('trainerA', 'POST', `/api/courses/${course.id}/publish`), 200);
  expectStatus(
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
      studentIds: [world.users.studentA1.id],
    }),
    200,
  );
  return { course, lessonIds };
}
