import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { recomputeProgress } from './course-queries.ts';
import { courseEnrollments, courses } from './courses.tables.ts';

/**
 * Enrolments made by the funding platform's registration folders (modules/funding-webhooks). They run
 * in the webhook job's transaction, as cursus_jobs (migration 0036 grants it these statements), so a
 * folder's enrolment and the delivery marked processed land together or not at all.
 */

/** Whether `courseId` is a formation of `organizationId`. */
export async function isCourseOf(tx: Tx, organizationId: string, courseId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.organizationId, organizationId)));
  return Boolean(row);
}

/** Enrols the learner; true when the enrolment is new (an existing one is left as it is). */
export async function enrollFromFunding(
  tx: Tx,
  enrollment: { organizationId: string; courseId: string; studentId: string },
): Promise<boolean> {
  const added = await tx
    .insert(courseEnrollments)
    .values({ ...enrollment, enrolledBy: null })
    .onConflictDoNothing()
    .returning({ studentId: courseEnrollments.studentId });
  // Completions outlive an enrolment: a returning learner gets their progress back.
  if (added.length > 0) await recomputeProgress(tx, enrollment.courseId, enrollment.studentId);
  return added.length > 0;
}

/** Ends the learner's enrolment (their completions stay, should they be enrolled again). */
export async function unenrollFromFunding(
  tx: Tx,
  enrollment: { organizationId: string; courseId: string; studentId: string },
): Promise<void> {
  await tx
    .delete(courseEnrollments)
    .where(
      and(
        eq(courseEnrollments.organizationId, enrollment.organizationId),
        eq(courseEnrollments.courseId, enrollment.courseId),
        eq(courseEnrollments.studentId, enrollment.studentId),
      ),
    );
}
