import type {
  Enrollment,
  EnrollmentCandidate,
  EnrollmentListQuerySchema,
  EnrollStudentsInput,
  SessionUser,
} from '@cursus/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { qualified } from '../../db/qualified.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { findCourse, iso, recomputeProgress } from './course-queries.ts';
import { courseEnrollments, lessonCompletions } from './courses.tables.ts';

type ListQuery = z.output<typeof EnrollmentListQuerySchema>;

/** Who follows a formation: enrolling the organisation's students, and their progress. */
export function createEnrollmentsService(options: {
  database: Database;
  organizations: OrganizationsService;
}) {
  const { database, organizations } = options;
  const asTenant = <T>(actor: SessionUser, work: (tx: Tx) => Promise<T>) =>
    database.withTenant(tenantOf(actor), work);

  const enrolledCourseId = qualified(courseEnrollments, courseEnrollments.courseId);
  const enrolledStudentId = qualified(courseEnrollments, courseEnrollments.studentId);

  const ofCourse = (courseId: string, studentIds?: string[]) =>
    and(
      eq(courseEnrollments.courseId, courseId),
      studentIds ? inArray(courseEnrollments.studentId, studentIds) : undefined,
    );

  return {
    async list(actor: SessionUser, courseId: string, query: ListQuery) {
      return asTenant(actor, async (tx) => {
        const course = await findCourse(tx, courseId);
        const enrolledIds = tx
          .select({ id: courseEnrollments.studentId })
          .from(courseEnrollments)
          .where(ofCourse(courseId));
        const people = await organizations.pagePeople(tx, { ids: enrolledIds, search: query.search }, query);
        const studentIds = people.items.map((person) => person.id);
        const rows =
          studentIds.length === 0
            ? []
            : await tx
                .select({
                  studentId: courseEnrollments.studentId,
                  progress: courseEnrollments.progress,
                  enrolledAt: courseEnrollments.createdAt,
                  completedLessons: sql<number>`(
                    select count(*) from ${lessonCompletions}
                    where ${lessonCompletions.courseId} = ${enrolledCourseId}
                      and ${lessonCompletions.studentId} = ${enrolledStudentId})::int`,
                  lastCompletedAt: sql<Date | null>`(
                    select max(${lessonCompletions.completedAt}) from ${lessonCompletions}
                    where ${lessonCompletions.courseId} = ${enrolledCourseId}
                      and ${lessonCompletions.studentId} = ${enrolledStudentId})`.mapWith(
                    lessonCompletions.completedAt,
                  ),
                })
                .from(courseEnrollments)
                .where(ofCourse(courseId, studentIds));
        const byStudent = new Map(rows.map((row) => [row.studentId, row]));
        const items: Enrollment[] = people.items.map((person) => {
          const row = byStudent.get(person.id)!;
          return {
            studentId: person.id,
            fullName: person.fullName,
            email: person.email,
            progress: row.progress,
            completedLessons: Number(row.completedLessons),
            totalLessons: course.lessonCount,
            enrolledAt: iso(row.enrolledAt),
            lastCompletedAt: row.lastCompletedAt ? iso(row.lastCompletedAt) : null,
          };
        });
        return { ...people, items };
      });
    },

    /**
     * Every id must be a student of the formation's organisation: otherwise nothing is enrolled and
     * the first stranger is named by its index (USER_NOT_FOUND, whether or not it exists elsewhere).
     */
    async enroll(actor: SessionUser, courseId: string, input: EnrollStudentsInput) {
      return asTenant(actor, async (tx) => {
        const course = await findCourse(tx, courseId);
        const ids = [...new Set(input.studentIds)];
        const students = await organizations.findPeople(tx, {
          ids,
          organizationId: course.organizationId,
          studentsOnly: true,
        });
        const found = new Set(students.map((row) => row.id));
        const strangers = input.studentIds.flatMap((id, index) =>
          found.has(id) ? [] : [{ path: `studentIds.${index}`, message: 'USER_NOT_FOUND' }],
        );
        if (strangers.length > 0) throw new AppError('USER_NOT_FOUND', { fields: strangers });
        const added = await tx
          .insert(courseEnrollments)
          .values(
            ids.map((studentId) => ({
              organizationId: course.organizationId,
              courseId,
              studentId,
              enrolledBy: actor.id,
            })),
          )
          .onConflictDoNothing()
          .returning({ studentId: courseEnrollments.studentId });
        // Completions outlive an enrolment, so a returning learner gets their progress back.
        if (added.length > 0) await recomputeProgress(tx, courseId);
        return { addedCount: added.length, alreadyEnrolledCount: ids.length - added.length };
      });
    },

    async unenroll(actor: SessionUser, courseId: string, studentId: string) {
      await asTenant(actor, async (tx) => {
        await findCourse(tx, courseId);
        const removed = await tx
          .delete(courseEnrollments)
          .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.studentId, studentId)))
          .returning({ id: courseEnrollments.id });
        if (removed.length === 0) throw new AppError('NOT_FOUND');
      });
    },

    /** The organisation's students, enrolled or not, for the picker (search by name or email). */
    async candidates(actor: SessionUser, courseId: string, query: ListQuery) {
      return asTenant(actor, async (tx) => {
        const course = await findCourse(tx, courseId);
        const people = await organizations.pagePeople(
          tx,
          { organizationId: course.organizationId, studentsOnly: true, search: query.search },
          query,
        );
        const studentIds = people.items.map((person) => person.id);
        const enrolled =
          studentIds.length === 0
            ? []
            : await tx
                .select({ studentId: courseEnrollments.studentId })
                .from(courseEnrollments)
                .where(ofCourse(courseId, studentIds));
        const enrolledIds = new Set(enrolled.map((row) => row.studentId));
        const items: EnrollmentCandidate[] = people.items.map((person) => ({
          ...person,
          isEnrolled: enrolledIds.has(person.id),
        }));
        return { ...people, items };
      });
    },
  };
}

export type EnrollmentsService = ReturnType<typeof createEnrollmentsService>;
