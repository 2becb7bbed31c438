import {
  type CompleteLessonResult,
  type CourseModality,
  computeProgress,
  DEFAULT_ORGANIZATION_NAME,
  type LessonRef,
  type Progression,
  RECENT_COMPLETIONS_LIMIT,
  type SessionUser,
  type StudentCourse,
  type StudentCourseDetail,
  type StudentCourseList,
  type StudentCourseListQuerySchema,
  type StudentLesson,
} from '@cursus/contracts';
import { and, asc, count, desc, eq, ilike, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type Database, type Db, type Tx, tenantOf } from '../../db/client.ts';
import { readPageWith } from '../../db/page.ts';
import { reusable } from '../../db/reusable.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { FilesService, StoredFileRow } from '../files/files.module.ts';
import {
  findLesson,
  iso,
  loadLessonFile,
  outlineCounts,
  outlineJson,
  progressionModulesJson,
  recomputeProgress,
  toLessonContent,
  toOutline,
} from './course-queries.ts';
import { courseEnrollments, courseLessons, courses, lessonCompletions } from './courses.tables.ts';

type ListQuery = z.output<typeof StudentCourseListQuerySchema>;

/**
 * The learner's side (SPEC 6): only formations they are enrolled in, published and not archived,
 * of their own organisation. Anything else is TRAINING_NOT_FOUND, whether it exists or not.
 */
export function createLearningService(options: { database: Database; files: FilesService }) {
  const { database, files } = options;

  function asStudent<T>(actor: SessionUser, work: (tx: Tx) => Promise<T>): Promise<T> {
    if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
    return database.withTenant(tenantOf(actor), work);
  }

  const visibleTo = (learner: {
    id: string | Placeholder;
    organizationId: string | Placeholder | null;
  }): SQL =>
    and(
      eq(courseEnrollments.studentId, learner.id),
      eq(courses.organizationId, learner.organizationId!),
      eq(courses.status, 'published'),
      isNull(courses.archivedAt),
    )!;
  /** The learner of a reusable statement, given at each run by learnerValues. */
  const LEARNER = { id: sql.placeholder('studentId'), organizationId: sql.placeholder('organizationId') };
  const learnerValues = (actor: SessionUser) => ({
    studentId: actor.id,
    organizationId: actor.organizationId,
  });

  /** What a formation list shows of each formation: never the long texts of the formation page. */
  const listedCourse = {
    id: courses.id,
    title: courses.title,
    description: courses.description,
    category: courses.category,
    durationHours: courses.durationHours,
    modality: courses.modality,
    isLocked: courses.isLocked,
  };
  /**
   * The learner's completions of each formation, read once (a lateral join) for their number, the
   * last one's date and the list's order, where three subqueries read them three times.
   */
  const completed = new QueryBuilder()
    .select({
      count: sql<number>`count(*)::int`.as('completed_count'),
      lastAt: sql<Date | null>`max(${lessonCompletions.completedAt})`
        .mapWith(lessonCompletions.completedAt)
        .as('last_completed_at'),
    })
    .from(lessonCompletions)
    .where(
      and(
        eq(lessonCompletions.courseId, courses.id),
        eq(lessonCompletions.studentId, courseEnrollments.studentId),
      ),
    )
    .as('completed');
  const studentCourseSelection = {
    course: listedCourse,
    progress: courseEnrollments.progress,
    enrolledAt: courseEnrollments.createdAt,
    totalLessons: sql<number>`(select count(*) from ${courseLessons} where ${courseLessons.courseId} = ${courses.id})::int`,
    completedLessons: completed.count,
    lastActivityAt: completed.lastAt,
  };

  /** The list's order: the formations last worked on (or joined) first. */
  const byRecentActivity = [
    sql`coalesce(${completed.lastAt}, ${courseEnrollments.createdAt}) desc`,
    desc(courses.id),
  ];

  /** The formation page's texts besides the list's columns. */
  const studentCourseDetailSelection = {
    ...studentCourseSelection,
    course: {
      ...listedCourse,
      objectives: courses.objectives,
      prerequisites: courses.prerequisites,
      audience: courses.audience,
      teachingMethods: courses.teachingMethods,
      assessmentMethods: courses.assessmentMethods,
      accessibility: courses.accessibility,
    },
  };

  /**
   * A formation as its page shows it, in one statement: the formation, the enrolment and the outline
   * with the learner's completions, from which its counts follow (the list's subqueries would read
   * the same rows again).
   */
  const courseWithOutline = reusable((db) =>
    db
      .select({
        course: studentCourseDetailSelection.course,
        progress: courseEnrollments.progress,
        enrolledAt: courseEnrollments.createdAt,
        outline: outlineJson(courses.id, LEARNER.id),
      })
      .from(courseEnrollments)
      .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
      .where(and(visibleTo(LEARNER), eq(courses.id, sql.placeholder('courseId')))),
  );
  /** A lesson with its formation's outline, or its formation alone when the lesson is not of it. */
  const lessonWithOutline = reusable((db) =>
    db
      .select({
        title: courses.title,
        isLocked: courses.isLocked,
        outline: outlineJson(courses.id, LEARNER.id),
        lesson: courseLessons,
      })
      .from(courseEnrollments)
      .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
      .leftJoin(
        courseLessons,
        and(eq(courseLessons.id, sql.placeholder('lessonId')), eq(courseLessons.courseId, courses.id)),
      )
      .where(and(visibleTo(LEARNER), eq(courses.id, sql.placeholder('courseId')))),
  );
  /** The progression's formations, each with its modules' counts and the learner's completions. */
  const progressionCourses = reusable((db) =>
    db
      .select({
        id: courses.id,
        title: courses.title,
        isLocked: courses.isLocked,
        progress: courseEnrollments.progress,
        modules: progressionModulesJson(courses.id, LEARNER.id),
      })
      .from(courseEnrollments)
      .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
      .where(visibleTo(LEARNER))
      .orderBy(asc(courses.title), asc(courses.id)),
  );
  async function findStudentCourseWithOutline(tx: Tx, actor: SessionUser, courseId: string) {
    const [row] = await courseWithOutline(tx, { ...learnerValues(actor), courseId });
    if (!row) throw new AppError('TRAINING_NOT_FOUND');
    const { outline, completions } = toOutline(courseId, row.outline);
    return { row: { ...row, ...outlineCounts(outline, completions) }, outline, completions };
  }

  type CourseRow = typeof courses.$inferSelect;
  type StudentRow = {
    course: Pick<CourseRow, keyof typeof listedCourse>;
    progress: number;
    enrolledAt: Date;
    totalLessons: number;
    completedLessons: number;
    lastActivityAt: Date | null;
  };

  /**
   * The learner's formations are all of their organisation (visibleTo): its name is the session's,
   * read with the profile (organizations.loadUser), so no page reads it again.
   */
  const organizationNameOf = (actor: SessionUser) => actor.organizationName || DEFAULT_ORGANIZATION_NAME;

  function toStudentCourse(row: StudentRow, organizationName: string): StudentCourse {
    const { course } = row;
    return {
      id: course.id,
      title: course.title,
      description: course.description,
      category: course.category,
      organizationName,
      durationHours: course.durationHours,
      modality: course.modality as CourseModality | null,
      isLocked: course.isLocked,
      // SPEC 3: 0 if missing.
      progress: row.progress ?? 0,
      completedLessons: Number(row.completedLessons),
      totalLessons: Number(row.totalLessons),
      enrolledAt: iso(row.enrolledAt),
      lastActivityAt: row.lastActivityAt ? iso(row.lastActivityAt) : null,
    };
  }

  /**
   * The learner's formations with the list's columns, narrowed by `where`. `extra` is a column of
   * allCoursesWith's caller; the list's pages select null in its place.
   */
  function studentCourses<T = null>(db: Db, where?: SQL, extra: SQL<T> = sql<T>`null`) {
    return db
      .select({ ...studentCourseSelection, extra })
      .from(courseEnrollments)
      .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
      .leftJoinLateral(completed, sql`true`)
      .where(and(visibleTo(LEARNER), where));
  }

  /** A page of the learner's formations, and their number, with and without a title search. */
  const SEARCH = ilike(courses.title, sql.placeholder('search'));
  const listPage = (search?: SQL) =>
    reusable((db) =>
      studentCourses(db, search)
        .orderBy(...byRecentActivity)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
  const listCount = (search?: SQL) =>
    reusable((db) =>
      db
        .select({ total: count() })
        .from(courseEnrollments)
        .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
        .where(and(visibleTo(LEARNER), search)),
    );
  const listStatements = {
    all: { page: listPage(), count: listCount() },
    searched: { page: listPage(SEARCH), count: listCount(SEARCH) },
  };

  async function findStudentCourse(tx: Tx, actor: SessionUser, courseId: string) {
    const [row] = await tx
      .select(studentCourseDetailSelection)
      .from(courseEnrollments)
      .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
      .leftJoinLateral(completed, sql`true`)
      .where(and(visibleTo(actor), eq(courses.id, courseId)));
    if (!row) throw new AppError('TRAINING_NOT_FOUND');
    return row;
  }

  /** The lesson a learner may open: enrolled, published, and not locked (COURSE_LOCKED). */
  async function openableLesson(tx: Tx, actor: SessionUser, courseId: string, lessonId: string) {
    const course = await findStudentCourse(tx, actor, courseId);
    if (course.course.isLocked) throw new AppError('COURSE_LOCKED');
    const lesson = await findLesson(tx, courseId, lessonId);
    return { course, lesson };
  }

  return {
    async listCourses(actor: SessionUser, query: ListQuery): Promise<StudentCourseList> {
      return asStudent(actor, async (tx) => {
        const organizationName = organizationNameOf(actor);
        const statements = query.search ? listStatements.searched : listStatements.all;
        const values = {
          ...learnerValues(actor),
          ...(query.search ? { search: containsPattern(query.search) } : {}),
        };
        const page = await readPageWith(
          query,
          () => statements.count(tx, values),
          (limit, offset) => statements.page(tx, { ...values, limit, offset }),
          (row) => toStudentCourse(row, organizationName),
        );
        return {
          ...page,
          // SPEC 8: 'No enrollments found'.
          ...(page.total === 0 && !query.search && query.page === 1
            ? { emptyReason: 'EMPTY_COURSES' as const }
            : {}),
        };
      });
    },

    /**
     * Every formation of the learner, most recently worked on first, in the caller's transaction and
     * one statement, however many there are. It carries a column of the caller's, read once for all
     * its rows: Mon Suivi reads the learner's time with them, a statement fewer per page. `column`
     * must not depend on the formation; `values` fill its placeholders. Built once. With no formation
     * there is no row, so no column either: `extra` is then undefined.
     */
    allCoursesWith<T>(column: (db: Db) => SQL<T>) {
      const statement = reusable((db) =>
        studentCourses(db, undefined, column(db)).orderBy(...byRecentActivity),
      );
      return async (tx: Tx, actor: SessionUser, values: Record<string, unknown>) => {
        if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
        const rows = await statement(tx, { ...values, ...learnerValues(actor) });
        return {
          courses: rows.map((row) => toStudentCourse(row, organizationNameOf(actor))),
          extra: rows[0]?.extra,
        };
      };
    },

    async getCourse(actor: SessionUser, courseId: string): Promise<StudentCourseDetail> {
      return asStudent(actor, async (tx) => {
        const { row, outline, completions } = await findStudentCourseWithOutline(tx, actor, courseId);
        let nextLesson: LessonRef | null = null;
        const modules = outline.map((module) => {
          const lessons = module.lessons.map((lesson) => {
            const completedAt = completions.get(lesson.id) ?? null;
            if (!completedAt && !nextLesson) nextLesson = { lessonId: lesson.id, moduleId: module.id };
            return {
              id: lesson.id,
              moduleId: module.id,
              title: lesson.title,
              type: lesson.type,
              estimatedMinutes: lesson.estimatedMinutes,
              position: lesson.position,
              isCompleted: completedAt !== null,
              completedAt: completedAt ? iso(completedAt) : null,
            };
          });
          const completedLessons = lessons.filter((lesson) => lesson.isCompleted).length;
          return {
            id: module.id,
            title: module.title,
            position: module.position,
            progress: computeProgress(completedLessons, lessons.length),
            completedLessons,
            totalLessons: lessons.length,
            lessons,
          };
        });
        const { course } = row;
        return {
          ...toStudentCourse(row, organizationNameOf(actor)),
          objectives: course.objectives,
          prerequisites: course.prerequisites,
          audience: course.audience,
          teachingMethods: course.teachingMethods,
          assessmentMethods: course.assessmentMethods,
          accessibility: course.accessibility,
          modules,
          nextLesson,
        };
      });
    },

    async getLesson(actor: SessionUser, courseId: string, lessonId: string): Promise<StudentLesson> {
      return asStudent(actor, async (tx) => {
        // The formation, its outline and the lesson in one statement; the lesson's file, if it has
        // one, in a second.
        const [row] = await lessonWithOutline(tx, { ...learnerValues(actor), courseId, lessonId });
        if (!row) throw new AppError('TRAINING_NOT_FOUND');
        if (row.isLocked) throw new AppError('COURSE_LOCKED');
        const { lesson } = row;
        if (!lesson) throw new AppError('NOT_FOUND');
        const { outline, completions } = toOutline(courseId, row.outline);
        const sequence: LessonRef[] = outline.flatMap((module) =>
          module.lessons.map((item) => ({ lessonId: item.id, moduleId: module.id })),
        );
        const index = sequence.findIndex((item) => item.lessonId === lessonId);
        const completedAt = completions.get(lessonId);
        const content = toLessonContent(lesson, await loadLessonFile(tx, files, lesson));
        return {
          id: lesson.id,
          courseId,
          courseTitle: row.title,
          moduleId: lesson.moduleId,
          moduleTitle: outline.find((module) => module.id === lesson.moduleId)?.title ?? '',
          title: lesson.title,
          type: content.type,
          estimatedMinutes: lesson.estimatedMinutes,
          content,
          isCompleted: completedAt !== undefined,
          completedAt: completedAt ? iso(completedAt) : null,
          previousLesson: index > 0 ? sequence[index - 1]! : null,
          nextLesson: index >= 0 && index < sequence.length - 1 ? sequence[index + 1]! : null,
        };
      });
    },

    /** Idempotent: completing twice keeps the first date. Progress is recomputed in the same transaction. */
    async completeLesson(
      actor: SessionUser,
      courseId: string,
      lessonId: string,
    ): Promise<CompleteLessonResult> {
      return asStudent(actor, async (tx) => {
        await openableLesson(tx, actor, courseId, lessonId);
        await tx
          .insert(lessonCompletions)
          .values({ organizationId: actor.organizationId!, courseId, lessonId, studentId: actor.id })
          .onConflictDoNothing();
        await recomputeProgress(tx, courseId, actor.id);
        const row = await findStudentCourse(tx, actor, courseId);
        const [completion] = await tx
          .select({ completedAt: lessonCompletions.completedAt })
          .from(lessonCompletions)
          .where(and(eq(lessonCompletions.lessonId, lessonId), eq(lessonCompletions.studentId, actor.id)));
        return {
          lessonId,
          courseId,
          completedAt: iso(completion!.completedAt),
          progress: row.progress,
          completedLessons: Number(row.completedLessons),
          totalLessons: Number(row.totalLessons),
        };
      });
    },

    async progression(actor: SessionUser): Promise<Progression> {
      // One statement: each formation's modules carry the learner's completions with their lessons'
      // titles, so the newest completions come from them rather than from a second statement.
      const rows = await asStudent(actor, (tx) => progressionCourses(tx, learnerValues(actor)));
      const recent: Progression['recentCompletions'] = [];
      const courseList = rows.map((row) => {
        let completedLessons = 0;
        let totalLessons = 0;
        const modules = row.modules.map(([moduleId, title, total, completions]) => {
          const done = completions?.length ?? 0;
          completedLessons += done;
          totalLessons += total;
          for (const [lessonId, lessonTitle, completedAt] of completions ?? []) {
            recent.push({
              lessonId,
              lessonTitle,
              moduleId,
              courseId: row.id,
              courseTitle: row.title,
              completedAt: iso(new Date(completedAt)),
            });
          }
          return {
            moduleId,
            title,
            progress: computeProgress(done, total),
            completedLessons: done,
            totalLessons: total,
          };
        });
        return {
          courseId: row.id,
          title: row.title,
          isLocked: row.isLocked,
          progress: row.progress,
          completedLessons,
          totalLessons,
          modules,
        };
      });
      const progressSum = courseList.reduce((sum, course) => sum + course.progress, 0);
      return {
        summary: {
          courseCount: courseList.length,
          completedCourseCount: courseList.filter(
            (course) => course.totalLessons > 0 && course.progress === 100,
          ).length,
          completedLessonCount: courseList.reduce((sum, course) => sum + course.completedLessons, 0),
          averageProgress: courseList.length === 0 ? 0 : Math.round(progressSum / courseList.length),
        },
        courses: courseList,
        // Newest first; the same instant is ordered by lesson, so the answer never depends on row order.
        recentCompletions: recent
          .sort((a, b) => b.completedAt.localeCompare(a.completedAt) || b.lessonId.localeCompare(a.lessonId))
          .slice(0, RECENT_COMPLETIONS_LIMIT),
      };
    },

    /**
     * Files a learner may read: images of text lessons of their organisation, and the video or
     * document of a lesson they may open (enrolled, published, not archived, not locked).
     */
    async canReadFile(actor: SessionUser, file: StoredFileRow): Promise<boolean> {
      if (!actor.organizationId || file.organizationId !== actor.organizationId) return false;
      if (file.purpose === 'image') return true;
      return database.withTenant(tenantOf(actor), async (tx) => {
        const [row] = await tx
          .select({ id: courseLessons.id })
          .from(courseLessons)
          .innerJoin(courses, eq(courses.id, courseLessons.courseId))
          .innerJoin(courseEnrollments, eq(courseEnrollments.courseId, courses.id))
          .where(and(eq(courseLessons.fileId, file.id), visibleTo(actor), eq(courses.isLocked, false)))
          .limit(1);
        return Boolean(row);
      });
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
