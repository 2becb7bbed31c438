import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { qualified } from '../../db/qualified.ts';
import { startOfParisWeek } from './paris-calendar.ts';
import { timestamp } from './time-totals.ts';
import { userTimeTracking, userTotalTime } from './time-tracking.tables.ts';

/**
 * Tracked time as the learners module lists and shows it: fragments per row of its list, and one
 * learner's totals for their record. The week starts on Monday, Paris time, as in Mon Suivi.
 */
export const learnerTime = {
  weekSecondsOf: (studentId: SQLWrapper, at: Date) =>
    sql<number>`(select coalesce(sum(${qualified(userTimeTracking, userTimeTracking.durationSeconds)}), 0)::int from ${userTimeTracking} where ${qualified(userTimeTracking, userTimeTracking.userId)} = ${studentId} and ${qualified(userTimeTracking, userTimeTracking.sessionStart)} >= ${timestamp(startOfParisWeek(at))})`,
  /** The last heartbeat of the learner's latest session; null when never tracked. */
  lastActivityOf: (studentId: SQLWrapper) =>
    sql<
      string | null
    >`(select max(${qualified(userTimeTracking, userTimeTracking.lastActivityAt)}) from ${userTimeTracking} where ${qualified(userTimeTracking, userTimeTracking.userId)} = ${studentId})`,

  /** One learner's week and all-time seconds, and their seconds per formation. */
  async totalsFor(tx: Tx, studentId: string, at: Date) {
    const [row] = await tx
      .select({
        week: sql<number>`coalesce(sum(${userTimeTracking.durationSeconds}) filter (where ${userTimeTracking.sessionStart} >= ${timestamp(startOfParisWeek(at))}), 0)::int`,
        open: sql<number>`coalesce(sum(${userTimeTracking.durationSeconds}) filter (where ${userTimeTracking.sessionEnd} is null), 0)::int`,
        total: sql<
          number | null
        >`(select ${userTotalTime.totalTimeSeconds} from ${userTotalTime} where ${userTotalTime.userId} = ${studentId})`,
        perCourse: sql<Record<
          string,
          number
        > | null>`(select json_object_agg(course_id, seconds) from (select ${userTimeTracking.courseId} as course_id, sum(${userTimeTracking.durationSeconds})::int as seconds from ${userTimeTracking} where ${userTimeTracking.userId} = ${studentId} and ${userTimeTracking.courseId} is not null group by ${userTimeTracking.courseId}) per_course)`,
      })
      .from(userTimeTracking)
      .where(and(eq(userTimeTracking.userId, studentId)));
    return {
      weekSeconds: Number(row?.week ?? 0),
      // The total counts closed sessions; an open session's recorded time is added, as in Mon Suivi.
      totalSeconds: Number(row?.total ?? 0) + Number(row?.open ?? 0),
      perCourse: new Map(Object.entries(row?.perCourse ?? {}).map(([id, seconds]) => [id, Number(seconds)])),
    };
  },
};
