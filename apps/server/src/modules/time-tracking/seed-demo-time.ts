import type { SessionUser } from '@cursus/contracts';
import type { Database } from '../../db/client.ts';
import type { LearningService } from '../courses/courses.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { DemoSignIn } from '../system/system.module.ts';
import { startOfParisDay } from './paris-calendar.ts';
import { addToTotals } from './time-totals.ts';
import { userTimeTracking } from './time-tracking.tables.ts';

/**
 * How far back the demo's tracked time goes: to the current cohort's enrolment, four weeks ago, so
 * the lessons they did since then have their sittings (and this week, last week and a trend show).
 */
const DEMO_TIME_DAYS = 28;

const PARIS_WEEKDAY = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', weekday: 'short' });

/** Each learner's browser, and an address of the documentation ranges (RFC 5737), never a real one's. */
const DEMO_DEVICES = [
  {
    ipAddress: '192.0.2.24',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  },
  {
    ipAddress: '198.51.100.7',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:133.0) Gecko/20100101 Firefox/133.0',
  },
  {
    ipAddress: '203.0.113.58',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  },
] as const;

/** A small seeded generator (mulberry32): the same demo every time, without a dependency. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo learners' tracked time: weekday sessions over the last DEMO_TIME_DAYS days on the first
 * formation each follows, closed, with their totals, so a newcomer finds Mon Suivi, the dashboards
 * and the connection logs with real rows. `activity` is the share of weekdays a learner studied;
 * `quietDays`, how many days back from yesterday they have not come (a learner to follow up).
 * Learners with no formation get none: the demo keeps someone to show the empty states.
 * Returns the sign-in that opened each day's study, for the system module to record, and when each
 * learner's sittings ended, oldest first, for the lessons done in them.
 */
export async function seedDemoTime(
  deps: { database: Database; learning: LearningService; organizations: OrganizationsService },
  input: { students: readonly { userId: string; activity: number; quietDays?: number }[]; now: Date },
): Promise<{ signIns: DemoSignIn[]; sittingEnds: Map<string, Date[]> }> {
  const { database, learning, organizations } = deps;
  const today = startOfParisDay(input.now);
  const signIns: DemoSignIn[] = [];
  const sittingEnds = new Map<string, Date[]>();
  for (const [index, student] of input.students.entries()) {
    const user = await organizations.loadUser(student.userId);
    if (!user?.organizationId) continue;
    const actor: SessionUser = { ...user, emailVerified: true };
    const { items } = await learning.listCourses(actor, { page: 1, pageSize: 1 });
    const course = items[0];
    if (!course) continue;
    const enrolledAt = new Date(course.enrolledAt);
    const random = randomFrom(index + 1);
    const device = DEMO_DEVICES[index % DEMO_DEVICES.length]!;
    const sessions: (typeof userTimeTracking.$inferInsert)[] = [];
    // From yesterday back: the recent weeks (this week's goal, the last activity) take the first
    // draws, so they do not change with how far back the seed goes.
    for (let daysAgo = 1; daysAgo <= DEMO_TIME_DAYS; daysAgo++) {
      // Noon, then back to the Paris midnight of that day (never off by a daylight-saving hour).
      const day = startOfParisDay(new Date(today.getTime() - daysAgo * 86_400_000 + 12 * 3_600_000));
      if (['Sat', 'Sun'].includes(PARIS_WEEKDAY.format(new Date(day.getTime() + 12 * 3_600_000)))) continue;
      if (random() > student.activity || daysAgo <= (student.quietDays ?? 0)) continue;
      let signedIn = false;
      // A morning sitting, and some afternoons a second one.
      for (const startHour of random() < 0.4 ? [9, 14] : [9 + Math.floor(random() * 8)]) {
        const start = new Date(day.getTime() + (startHour + random()) * 3_600_000);
        if (start < enrolledAt) continue;
        // The day's sign-in, a couple of minutes before its first sitting (the session stays signed in).
        if (!signedIn) {
          signedIn = true;
          signIns.push({
            userId: student.userId,
            organizationId: user.organizationId,
            at: new Date(start.getTime() - 2 * 60_000),
            ...device,
          });
        }
        const durationSeconds = Math.round((20 + random() * 70) * 60);
        const end = new Date(start.getTime() + durationSeconds * 1000);
        sessions.push({
          organizationId: user.organizationId,
          userId: student.userId,
          courseId: course.id,
          sessionStart: start,
          sessionEnd: end,
          durationSeconds,
          lastActivityAt: end,
        });
      }
    }
    if (sessions.length === 0) continue;
    sessions.sort((a, b) => a.sessionStart.getTime() - b.sessionStart.getTime());
    sittingEnds.set(
      student.userId,
      sessions.map((session) => session.sessionEnd!),
    );
    const seconds = sessions.reduce((sum, session) => sum + (session.durationSeconds ?? 0), 0);
    await database.db.transaction(async (tx) => {
      await tx.insert(userTimeTracking).values(sessions);
      await addToTotals(
        tx,
        { userId: student.userId, organizationId: user.organizationId! },
        seconds,
        input.now,
      );
    });
  }
  return { signIns, sittingEnds };
}

/**
 * The sittings in which the demo's earlier cohorts completed their lessons (the analytics seed's
 * completions): one closed session ending at each completion, with the sign-in that opened it, so
 * their last activity, their connection logs and their reminders agree with their lessons.
 */
export async function seedDemoSittings(
  deps: { database: Database },
  input: {
    organizationId: string;
    completions: readonly { studentId: string; courseId: string; at: Date }[];
  },
): Promise<DemoSignIn[]> {
  const random = randomFrom(97);
  const signIns: DemoSignIn[] = [];
  const sessions: (typeof userTimeTracking.$inferInsert)[] = [];
  const totals = new Map<string, { seconds: number; last: Date }>();
  // Each learner keeps one browser, in the order they come.
  const learners = [...new Set(input.completions.map((completion) => completion.studentId))];
  for (const completion of input.completions) {
    const durationSeconds = Math.round((15 + random() * 40) * 60);
    const start = new Date(completion.at.getTime() - durationSeconds * 1000);
    const device = DEMO_DEVICES[learners.indexOf(completion.studentId) % DEMO_DEVICES.length]!;
    signIns.push({
      userId: completion.studentId,
      organizationId: input.organizationId,
      at: new Date(start.getTime() - 2 * 60_000),
      ...device,
    });
    sessions.push({
      organizationId: input.organizationId,
      userId: completion.studentId,
      courseId: completion.courseId,
      sessionStart: start,
      sessionEnd: completion.at,
      durationSeconds,
      lastActivityAt: completion.at,
    });
    const total = totals.get(completion.studentId) ?? { seconds: 0, last: completion.at };
    totals.set(completion.studentId, {
      seconds: total.seconds + durationSeconds,
      last: completion.at > total.last ? completion.at : total.last,
    });
  }
  if (sessions.length === 0) return signIns;
  await deps.database.db.transaction(async (tx) => {
    await tx.insert(userTimeTracking).values(sessions);
    for (const [userId, { seconds, last }] of totals)
      await addToTotals(tx, { userId, organizationId: input.organizationId }, seconds, last);
  });
  return signIns;
}
