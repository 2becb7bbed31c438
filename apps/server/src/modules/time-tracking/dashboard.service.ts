import type { DashboardCourse, MyDashboard, SessionUser, StudentCourse } from '@cursus/contracts';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LearningService } from '../courses/courses.module.ts';
import { parisDaysIntoWeek } from './paris-calendar.ts';
import { buildRecommendations, expectedSecondsByNow } from './recommendations.ts';
import type { TimeTrackingService } from './time-tracking.service.ts';

/** 'Mon Suivi' (SPEC 2 /dashboard): time, weekly goal, formations, progression score, recommendations. */
export function createDashboardService(deps: {
  database: Database;
  timeTracking: TimeTrackingService;
  learning: LearningService;
  now: () => Date;
}) {
  const { database, timeTracking, learning, now } = deps;

  // The learner's formations, carrying their time and when time was last tracked on each.
  const coursesWithTime = learning.allCoursesWith(timeTracking.timeAndLastTrackedJson);

  return async function getDashboard(user: SessionUser): Promise<MyDashboard> {
    if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
    const at = now();
    // One statement for the formations and the time: each statement costs PostgreSQL and the server
    // about as much again as its own work (issue 12). A learner without a formation gets no row, so
    // their time takes a statement of its own.
    const { courses, time, goalHours, tracked } = await database.withTenant(tenantOf(user), async (tx) => {
      const { courses, extra } = await coursesWithTime(tx, user, timeTracking.timeValues(user, at));
      const { time, weeklyGoalHours, lastTrackedByCourse } =
        extra === undefined
          ? await timeTracking.readTimeAndLastTracked(tx, user, at)
          : timeTracking.readTimeJson(extra, at);
      return { courses, time, goalHours: weeklyGoalHours, tracked: lastTrackedByCourse };
    });
    const toDashboardCourse = (course: StudentCourse) => {
      const trackedAt = tracked.get(course.id);
      const completedAt = course.lastActivityAt ? new Date(course.lastActivityAt) : null;
      const latest = [trackedAt, completedAt].filter((date): date is Date => Boolean(date));
      const lastActivityAt = latest.length
        ? new Date(Math.max(...latest.map((date) => date.getTime())))
        : null;
      return {
        courseId: course.id,
        title: course.title,
        progress: course.progress,
        completedLessons: course.completedLessons,
        totalLessons: course.totalLessons,
        lastActivityAt: lastActivityAt?.toISOString() ?? null,
        enrolledAt: course.enrolledAt,
      };
    };
    const all = courses.map(toDashboardCourse);
    const isCompleted = (course: { progress: number; totalLessons: number }) =>
      course.totalLessons > 0 && course.progress >= 100;
    const active = all.filter((course) => !isCompleted(course));
    const completed = all.filter(isCompleted);
    const strip = ({ enrolledAt: _, ...course }: (typeof all)[number]): DashboardCourse => course;

    const goalSeconds = goalHours * 3600;
    const daysIntoWeek = parisDaysIntoWeek(at);
    const progressSum = all.reduce((sum, course) => sum + course.progress, 0);
    return {
      time,
      weeklyGoal: {
        goalHours,
        goalSeconds,
        doneSeconds: time.weekSeconds,
        progressPercent: Math.min(100, Math.floor((time.weekSeconds / goalSeconds) * 100)),
        expectedSecondsByNow: expectedSecondsByNow(goalSeconds, daysIntoWeek),
      },
      // Same definition as /progression's average: every formation, active and completed.
      progressionScore: all.length === 0 ? 0 : Math.round(progressSum / all.length),
      activeCourses: active.map(strip),
      completedCourses: completed.map(strip),
      recommendations: buildRecommendations({
        activeCourses: active,
        weekSeconds: time.weekSeconds,
        goalSeconds,
        daysIntoWeek,
        now: at,
      }),
    };
  };
}
