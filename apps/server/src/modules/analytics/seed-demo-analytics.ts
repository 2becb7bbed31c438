import { computeProgress } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoWorkday } from '../../lib/demo-time.ts';

/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface DemoCohortLearner {
  studentId: string;
  /** When they enrolled, in days before now. */
  enrolledDaysAgo: number;
  /** Lessons done, the last one this many days before now. */
  completedLessons: number;
  lastLessonDaysAgo: number;
}

/** A lesson a cohort learner completed, for the time-tracking seed's sittings. */
export interface DemoCompletion {
  studentId: string;
  courseId: string;
  at: Date;
}

/**
 * Earlier cohorts of the demo's published formation, so the analytics have months to show: learners
 * enrolled over the past year who finished, dropped out or are still going, with their lessons
 * completed on the days they did them. The other seeds give the current month (enrolments, time,
 * quizzes). Written by the owner like the other seeds; run once, after the formations. Returns the
 * completions, which the time-tracking seed gives the sittings they were done in.
 */
export async function seedDemoAnalytics(
  deps: { database: Database },
  input: { organizationId: string; trainerId: string; learners: DemoCohortLearner[]; now: Date },
): Promise<DemoCompletion[]> {
  const { db } = deps.database;
  const { organizationId, now } = input;
  const [course] = rowsOf<{ id: string }>(
    await db.execute(sql`select c.id from courses c
      where c.organization_id = ${organizationId} and c.status = 'published'
      order by c.created_at limit 1`),
  );
  if (!course) return [];
  const lessons = rowsOf<{ id: string }>(
    await db.execute(sql`select l.id from course_lessons l join course_modules m on m.id = l.module_id
      where l.course_id = ${course.id} order by m.position, l.position`),
  );
  const completions: DemoCompletion[] = [];
  for (const learner of input.learners) {
    const done = lessons.slice(0, learner.completedLessons);
    const enrolledAt = demoWorkday(now, -learner.enrolledDaysAgo, 8, 30).toISOString();
    const inserted = rowsOf<{ id: string }>(
      await db.execute(sql`insert into course_enrollments
        (organization_id, course_id, student_id, progress, enrolled_by, created_at, updated_at)
        values (${organizationId}, ${course.id}, ${learner.studentId},
          ${computeProgress(done.length, lessons.length)}, ${input.trainerId}, ${enrolledAt}, ${enrolledAt})
        on conflict (course_id, student_id) do nothing returning id`),
    );
    if (inserted.length === 0) continue;
    // Lessons spread evenly from the enrolment to the last one done, each in a working day's hours
    // (UTC), later in the day as the lessons go, whatever the seed's own time of day.
    const span = learner.enrolledDaysAgo - learner.lastLessonDaysAgo;
    for (const [index, lesson] of done.entries()) {
      const daysAgo = Math.round(learner.enrolledDaysAgo - (span * (index + 1)) / done.length);
      const at = demoWorkday(now, -daysAgo, 8 + (index % 9), (index * 17) % 60);
      await db.execute(sql`insert into lesson_completions
          (organization_id, course_id, lesson_id, student_id, completed_at)
          values (${organizationId}, ${course.id}, ${lesson.id}, ${learner.studentId}, ${at.toISOString()})
          on conflict do nothing`);
      completions.push({ studentId: learner.studentId, courseId: course.id, at });
    }
  }
  return completions;
}
