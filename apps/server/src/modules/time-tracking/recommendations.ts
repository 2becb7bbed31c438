import {
  ALMOST_COMPLETE_PROGRESS,
  type DashboardCourse,
  RECOMMENDATION_PRIORITIES,
  type Recommendation,
  UNTOUCHED_FORMATION_DAYS,
} from '@cursus/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RecommendationInput {
  /** Unfinished formations, with when the learner was enrolled. */
  activeCourses: (DashboardCourse & { enrolledAt: string })[];
  weekSeconds: number;
  goalSeconds: number;
  /** Whole days of the week already past (Monday 0). */
  daysIntoWeek: number;
  now: Date;
}

/** The goal's share of the days already past: on Thursday, 3/7 of it should be done. */
export function expectedSecondsByNow(goalSeconds: number, daysIntoWeek: number): number {
  return Math.floor((goalSeconds * daysIntoWeek) / 7);
}

/**
 * 'Mon Suivi' recommendations; each rule is documented in docs/time-tracking.md. A formation gets
 * at most one: untouched wins over not started, which wins over almost complete.
 */
export function buildRecommendations(input: RecommendationInput): Recommendation[] {
  const recommendations: Recommendation[] = [];
  for (const course of input.activeCourses) {
    const since = Date.parse(course.lastActivityAt ?? course.enrolledAt);
    const idleDays = Math.floor((input.now.getTime() - since) / DAY_MS);
    const about = { courseId: course.courseId, courseTitle: course.title };
    if (idleDays >= UNTOUCHED_FORMATION_DAYS) {
      recommendations.push({ rule: 'formation_untouched', priority: 'high', ...about, value: idleDays });
    } else if (course.progress === 0 && !course.lastActivityAt) {
      recommendations.push({ rule: 'formation_not_started', priority: 'medium', ...about, value: null });
    } else if (course.progress >= ALMOST_COMPLETE_PROGRESS) {
      recommendations.push({
        rule: 'formation_almost_complete',
        priority: 'low',
        ...about,
        value: course.progress,
      });
    }
  }
  const expected = expectedSecondsByNow(input.goalSeconds, input.daysIntoWeek);
  // Behind only with a formation left to follow: a learner who finished every one has nothing to
  // catch up on, and its action (choose a formation) would lead to none.
  if (input.activeCourses.length > 0 && input.weekSeconds < expected) {
    recommendations.push({
      rule: 'weekly_goal_behind',
      priority: 'medium',
      courseId: null,
      courseTitle: null,
      value: expected - input.weekSeconds,
    });
  }
  const rank = (item: Recommendation) => RECOMMENDATION_PRIORITIES.indexOf(item.priority);
  return recommendations.sort(
    (a, b) => rank(a) - rank(b) || (a.courseTitle ?? '').localeCompare(b.courseTitle ?? '', 'fr'),
  );
}
