import type {
  Enrollment,
  EnrollmentCandidate,
  EnrollmentListQuerySchema,
  EnrollStudentsInput,
  SessionUser,
} from '@cursus/contracts';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { tenantOf } from '../../plugins/session.ts';
import { profiles, userRoles } from '../organizations/organizations.tables.ts';
import { findCourse, iso, recomputeProgress } from './course-queries.ts';
import { courseEnrollments, lessonCompletions } from './courses.tables.ts';

type ListQuery = z.output<typeof EnrollmentListQuerySchema>;

// The account's role as SPEC 6 resolves it from the tables (user_roles first, then the profile).
const isStudent = sql`coalesce(${userRoles.role}, ${profiles.role}) = 'student'`;

function matchesPerson(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern));
}

/** Who follows a formation: enrolling the organisation's students, and their progress. */
export function createEnrollmentsService(options: { database: Database }) {
  const { database } = options;
  const asTenant = <T>(actor: SessionUser, work: (tx: Tx) => Promise<T>) =>
    database.withTenant(tenantOf(actor), work);

  return {
    async list(actor: SessionUser, courseId: string, query: ListQuery) {
      return asTenant(actor, async (tx) => {
        const course = await findCourse(tx, courseId);
        const where = and(eq(courseEnrollments.courseId, courseId), matchesPerson(query.search));
        const [totalRow] = await tx
          .select({ total: count() })
          .from(courseEnrollments)
          .innerJoin(profiles, eq(profiles.id, courseEnrollments.studentId))
          .where(where);
        const rows = await tx
          .select({
            studentId: courseEnrollments.studentId,
            fullName: profiles.fullName,
            email: profiles.email,
            progress: courseEnrollments.progress,
            enrolledAt: courseEnrollments.createdAt,
            completedLessons: sql<number>`(
              select count(*) from ${lessonCompletions}
              where ${lessonCompletions.courseId} = ${courseEnrollments.courseId}
                and ${lessonCompletions.studentId} = ${courseEnrollments.studentId})::int`,
            lastCompletedAt: sql<Date | null>`(
              select max(${lessonCompletions.completedAt}) from ${lessonCompletions}
              where ${lessonCompletions.courseId} = ${courseEnrollments.courseId}
                and ${lessonCompletions.studentId} = ${courseEnrollments.studentId})`.mapWith(
              lessonCompletions.completedAt,
            ),
          })
          .from(courseEnrollments)
          .innerJoin(profiles, eq(profiles.id, courseEnrollments.studentId))
          .where(where)
          .orderBy(asc(profiles.fullName), asc(profiles.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);
        const items: Enrollment[] = rows.map((row) => ({
          studentId: row.studentId,
          fullName: row.fullName,
          email: row.email,
          progress: row.progress,
          completedLessons: Number(row.completedLessons),
          totalLessons: course.lessonCount,
          enrolledAt: iso(row.enrolledAt),
          lastCompletedAt: row.lastCompletedAt ? iso(row.lastCompletedAt) : null,
        }));
        return { items, total: totalRow?.total ?? 0, page: query.page, pageSize: query.pageSize };
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
        const students = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
          .where(
            and(inArray(profiles.id, ids), eq(profiles.organizationId, course.organizationId), isStudent),
          );
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
        const where = and(
          eq(profiles.organizationId, course.organizationId),
          isStudent,
          matchesPerson(query.search),
        );
        const [totalRow] = await tx
          .select({ total: count() })
          .from(profiles)
          .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
          .where(where);
        const rows = await tx
          .select({
            id: profiles.id,
            fullName: profiles.fullName,
            email: profiles.email,
            isEnrolled: sql<boolean>`exists (
              select 1 from ${courseEnrollments}
              where ${courseEnrollments.courseId} = ${courseId} and ${courseEnrollments.studentId} = ${profiles.id})`,
          })
          .from(profiles)
          .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
          .where(where)
          .orderBy(asc(profiles.fullName), asc(profiles.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);
        const items: EnrollmentCandidate[] = rows.map((row) => ({
          ...row,
          isEnrolled: Boolean(row.isEnrolled),
        }));
        return { items, total: totalRow?.total ?? 0, page: query.page, pageSize: query.pageSize };
      });
    },
  };
}

export type EnrollmentsService = ReturnType<typeof createEnrollmentsService>;
