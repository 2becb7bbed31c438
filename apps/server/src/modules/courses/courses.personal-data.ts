import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { courseEnrollments, courses, lessonCompletions } from './courses.tables.ts';

/** Enrolments (with their progress) and lesson completions. */
export async function exportCoursesPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const enrollments = await tx
    .select({
      courseId: courseEnrollments.courseId,
      courseTitle: courses.title,
      progress: courseEnrollments.progress,
      enrolledAt: courseEnrollments.createdAt,
      updatedAt: courseEnrollments.updatedAt,
    })
    .from(courseEnrollments)
    .leftJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .where(eq(courseEnrollments.studentId, userId));
  const completions = await tx
    .select({
      courseId: lessonCompletions.courseId,
      lessonId: lessonCompletions.lessonId,
      completedAt: lessonCompletions.completedAt,
    })
    .from(lessonCompletions)
    .where(eq(lessonCompletions.studentId, userId));
  return { records: { enrollments, lessonCompletions: completions } };
}
