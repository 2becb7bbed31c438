import type { SessionUser } from '@cursus/contracts';
import type { Database } from '../../db/client.ts';
import type { LearningService } from '../courses/courses.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { startOfParisDay } from './paris-calendar.ts';
import { addToTotals } from './time-totals.ts';
import { userTimeTracking } from './time-tracking.tables.ts';

/** How far back the demo's tracked time goes: enough for this week, last week and a trend. */
export const DEMO_TIME_DAYS = 21;

const PARIS_WEEKDAY = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', weekday: 'short' });

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
 * and the connection logs with real rows. `activity` is the share of weekdays a learner studied.
 * Learners with no formation get none: the demo keeps someone to show the empty states.
 */
export async function seedDemoTime(
  deps: { database: Database; learning: LearningService; organizations: OrganizationsService },
  input: { students: readonly { userId: string; activity: number }[]; now: Date },
) {
  const { database, learning, organizations } = deps;
  const today = startOfParisDay(input.now);
  for (const [index, student] of input.students.entries()) {
    const user = await organizations.loadUser(student.userId);
    if (!user?.organizationId) continue;
    const actor: SessionUser = { ...user, emailVerified: true };
    const { items } = await learning.listCourses(actor, { page: 1, pageSize: 1 });
    const course = items[0];
    if (!course) continue;
    const enrolledAt = new Date(course.enrolledAt);
    const random = randomFrom(index + 1);
    const sessions: (typeof userTimeTracking.$inferInsert)[] = [];
    for (let daysAgo = DEMO_TIME_DAYS; daysAgo >= 1; daysAgo--) {
      // Noon, then back to the Paris midnight of that day (never off by a daylight-saving hour).
      const day = startOfParisDay(new Date(today.getTime() - daysAgo * 86_400_000 + 12 * 3_600_000));
      if (['Sat', 'Sun'].includes(PARIS_WEEKDAY.format(new Date(day.getTime() + 12 * 3_600_000)))) continue;
      if (random() > student.activity) continue;
      // A morning sitting, and some afternoons a second one.
      for (const startHour of random() < 0.4 ? [9, 14] : [9 + Math.floor(random() * 8)]) {
        const start = new Date(day.getTime() + (startHour + random()) * 3_600_000);
        if (start < enrolledAt) continue;
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
}
