import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { qualified } from '../../db/qualified.ts';
import { courseEnrollments, courses } from './courses.tables.ts';

/**
 * A learner's enrolments as the learners module lists and shows them: SQL fragments for its list's
 * statement (per row, so the list stays one statement) and the enrolments of one learner's record.
 */
export const learnerEnrollments = {
  /** JSON array of the learner's formations, by title: {id, title, progress}. */
  coursesOf: (studentId: SQLWrapper) =>
    sql<
      { id: string; title: string; progress: number }[]
    >`(select coalesce(json_agg(json_build_object('id', ${qualified(courses, courses.id)}, 'title', ${qualified(courses, courses.title)}, 'progress', ${qualified(courseEnrollments, courseEnrollments.progress)}) order by ${qualified(courses, courses.title)}), '[]'::json) from ${courseEnrollments} join ${courses} on ${qualified(courses, courses.id)} = ${qualified(courseEnrollments, courseEnrollments.courseId)} where ${qualified(courseEnrollments, courseEnrollments.studentId)} = ${studentId})`,
  /** Average progress over the learner's formations, rounded; null when enrolled in none. */
  averageProgressOf: (studentId: SQLWrapper) =>
    sql<
      number | null
    >`(select round(avg(${qualified(courseEnrollments, courseEnrollments.progress)}))::int from ${courseEnrollments} where ${qualified(courseEnrollments, courseEnrollments.studentId)} = ${studentId})`,
  /** The ids of a formation's learners, as a subquery. */
  studentsOf: (courseId: string) =>
    new QueryBuilder()
      .select({ id: courseEnrollments.studentId })
      .from(courseEnrollments)
      .where(eq(courseEnrollments.courseId, courseId)),

  /** Titles of these formations the caller's tenant may see, by id. */
  async titlesIn(tx: Tx, courseIds: string[]): Promise<Map<string, string>> {
    if (courseIds.length === 0) return new Map();
    const rows = await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(inArray(courses.id, courseIds));
    return new Map(rows.map((row) => [row.id, row.title]));
  },

  /** One learner's enrolments, by title, under the caller's tenant. */
  async listFor(tx: Tx, studentId: string) {
    return tx
      .select({
        courseId: courses.id,
        title: courses.title,
        progress: courseEnrollments.progress,
        enrolledAt: courseEnrollments.createdAt,
      })
      .from(courseEnrollments)
      .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
      .where(and(eq(courseEnrollments.studentId, studentId)))
      .orderBy(asc(courses.title));
  },
};
