import {
  type Course,
  type CourseDetail,
  type CourseList,
  type CourseListQuerySchema,
  type CreateCourseInputSchema,
  DEFAULT_ORGANIZATION_NAME,
  DUPLICATE_TITLE_SUFFIX,
  type SessionUser,
  type UpdateCourseInputSchema,
} from '@cursus/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Db, type TenantContext, type Tx, tenantOf } from '../../db/client.ts';
import { readPageWith } from '../../db/page.ts';
import { reusableByShape } from '../../db/reusable.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import {
  courseListSelection,
  findCourse,
  loadCourseOutline,
  recomputeProgress,
  toCourseListItem,
} from './course-queries.ts';
import {
  courseEnrollments,
  courseLessons,
  courseModules,
  courses,
  lessonCompletions,
} from './courses.tables.ts';

type ListQuery = z.output<typeof CourseListQuerySchema>;

/** What the text of the formation list's statement depends on: which filters it has, and its order. */
interface ListShape {
  /** A trainer's list: their organisation, said outright (row-level security says it too). */
  byActorOrganization: boolean;
  byOrganization: boolean;
  archived: boolean;
  byStatus: boolean;
  byLocked: boolean;
  bySearch: boolean;
  sortBy: ListQuery['sortBy'];
  order: ListQuery['order'];
}

function listShapeOf(actor: SessionUser, query: ListQuery): ListShape {
  return {
    byActorOrganization: actor.role !== 'admin' && Boolean(actor.organizationId),
    byOrganization: Boolean(query.organizationId),
    archived: Boolean(query.archived),
    byStatus: Boolean(query.status),
    byLocked: query.locked !== undefined,
    bySearch: Boolean(query.search),
    sortBy: query.sortBy,
    order: query.order,
  };
}

/** The list's conditions, over a request's values or over a statement's placeholders. */
function listWhere(
  shape: ListShape,
  values: {
    actorOrganizationId?: string | Placeholder;
    organizationId?: string | Placeholder;
    status?: string | Placeholder;
    locked?: boolean | Placeholder;
    search?: string | Placeholder;
  },
) {
  const when = <T>(present: boolean, value: T | undefined, condition: (value: T) => SQL) =>
    present && value !== undefined ? condition(value) : undefined;
  return and(
    when(shape.byActorOrganization, values.actorOrganizationId, (id) => eq(courses.organizationId, id)),
    when(shape.byOrganization, values.organizationId, (id) => eq(courses.organizationId, id)),
    shape.archived ? isNotNull(courses.archivedAt) : isNull(courses.archivedAt),
    when(shape.byStatus, values.status, (status) => eq(courses.status, status)),
    when(shape.byLocked, values.locked, (locked) => eq(courses.isLocked, locked)),
    when(shape.bySearch, values.search, (pattern) => ilike(courses.title, pattern)),
  );
}
type CreateInput = z.output<typeof CreateCourseInputSchema>;
type UpdateInput = z.output<typeof UpdateCourseInputSchema>;

/** Formations as trainers and admins manage them: list, create, edit, publish, lock, copy, delete. */
export function createCoursesService(options: { database: Database; organizations: OrganizationsService }) {
  const { database, organizations } = options;
  /**
   * The formation list's page, one statement per shape of its filters and order, built once
   * (db/reusable.ts): built at each request, Drizzle cost the server about 0.25 ms of CPU per request
   * (issue 12). The page's count is sent only past the last page, so it is built when needed.
   */
  const listStatement = reusableByShape((shape: ListShape) => {
    const bound = {
      actorOrganizationId: sql.placeholder('actorOrganizationId'),
      organizationId: sql.placeholder('organizationId'),
      status: sql.placeholder('status'),
      locked: sql.placeholder('locked'),
      search: sql.placeholder('search'),
    };
    const direction = shape.order === 'asc' ? asc : desc;
    const orderBy =
      shape.sortBy === 'title'
        ? [direction(sql`lower(${courses.title})`), direction(courses.id)]
        : [
            direction(shape.sortBy === 'updatedAt' ? courses.updatedAt : courses.createdAt),
            direction(courses.id),
          ];
    // A trainer's list is of their organisation: its name is read once, not again for each formation
    // (the correlated form scanned the organisations for each row).
    const organizationName = organizations.nameOf(
      shape.byActorOrganization ? bound.actorOrganizationId : courses.organizationId,
    );
    return (db: Db) =>
      db
        .select({ ...courseListSelection, organizationName })
        .from(courses)
        .where(listWhere(shape, bound))
        .orderBy(...orderBy)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
  });

  const asTenant = <T>(actor: SessionUser, work: (tx: Tx) => Promise<T>) =>
    database.withTenant(tenantOf(actor), work);

  /** Their organisations' names, as the tenant may see them (the default name otherwise). */
  async function named<T extends { organizationId: string }>(
    tx: Tx,
    items: T[],
  ): Promise<(T & { organizationName: string })[]> {
    const names = await organizations.namesOf(
      tx,
      items.map((course) => course.organizationId),
    );
    return items.map((course) => ({
      ...course,
      organizationName: names.get(course.organizationId) || DEFAULT_ORGANIZATION_NAME,
    }));
  }

  async function findNamedCourse(tx: Tx, courseId: string): Promise<Course> {
    const [course] = await named(tx, [await findCourse(tx, courseId)]);
    return course!;
  }

  async function detail(tx: Tx, courseId: string): Promise<CourseDetail> {
    const course = await findNamedCourse(tx, courseId);
    return { ...course, modules: await loadCourseOutline(tx, courseId) };
  }

  /** Changes columns of a formation the tenant may see (TRAINING_NOT_FOUND otherwise), then reads it back. */
  async function change<T>(
    actor: SessionUser,
    courseId: string,
    values: Partial<typeof courses.$inferInsert>,
    read: (tx: Tx, courseId: string) => Promise<T>,
  ): Promise<T> {
    return asTenant(actor, async (tx) => {
      const updated = await tx
        .update(courses)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(courses.id, courseId))
        .returning({ id: courses.id });
      if (updated.length === 0) throw new AppError('TRAINING_NOT_FOUND');
      return read(tx, courseId);
    });
  }

  return {
    /** A formation's title as part of another module's statement, which runs it under its tenant's policies. */
    titleOf: (courseId: SQLWrapper) =>
      sql<string | null>`(select ${courses.title} from ${courses} where ${courses.id} = ${courseId})`,

    /** A module's title, like `titleOf` (quizzes attached to a module). */
    moduleTitleOf: (moduleId: SQLWrapper) =>
      sql<
        string | null
      >`(select ${courseModules.title} from ${courseModules} where ${courseModules.id} = ${moduleId})`,

    /**
     * Recomputes the formation's progress for every learner, or one, in the caller's transaction: the
     * quizzes module's when a quiz counting toward it changes or is passed (`recomputeProgress`).
     */
    recomputeProgress: (tx: Tx, courseId: string, studentId?: string) =>
      recomputeProgress(tx, courseId, studentId),

    /** Whether learners see the formation (published, not archived), like `titleOf`. */
    isOpenToLearners: (courseId: SQLWrapper) =>
      sql<boolean>`exists (select 1 from ${courses} where ${courses.id} = ${courseId} and ${courses.status} = 'published' and ${courses.archivedAt} is null)`,

    /**
     * Enrolments in formations open to learners (published, not archived), with progress at 100 or
     * below it, across every organisation: what the reminder jobs (cursus_jobs) go through.
     */
    async listEnrollmentsForReminders(filter: { completed: boolean }): Promise<
      {
        organizationId: string;
        studentId: string;
        courseId: string;
        courseTitle: string;
        progress: number;
        enrolledAt: Date;
      }[]
    > {
      return database.jobs
        .select({
          organizationId: courseEnrollments.organizationId,
          studentId: courseEnrollments.studentId,
          courseId: courseEnrollments.courseId,
          courseTitle: courses.title,
          progress: courseEnrollments.progress,
          enrolledAt: courseEnrollments.createdAt,
        })
        .from(courseEnrollments)
        .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
        .where(
          and(
            eq(courses.status, 'published'),
            isNull(courses.archivedAt),
            filter.completed ? eq(courseEnrollments.progress, 100) : sql`${courseEnrollments.progress} < 100`,
          ),
        )
        .orderBy(asc(courseEnrollments.studentId), asc(courses.title));
    },

    /** Titles of the formations the tenant may see, by id (for other modules' lists and exports). */
    async titlesOf(tenant: TenantContext, courseIds: string[]): Promise<Map<string, string>> {
      if (courseIds.length === 0) return new Map();
      const rows = await database.withTenant(tenant, (tx) =>
        tx
          .select({ id: courses.id, title: courses.title })
          .from(courses)
          .where(inArray(courses.id, courseIds)),
      );
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    /**
     * SPEC 6: trainers list their organisation's formations, admins every organisation's. Row-level
     * security already limits a trainer to their organisation; the filter says it outright too.
     */
    async list(actor: SessionUser, query: ListQuery): Promise<CourseList> {
      const shape = listShapeOf(actor, query);
      const statement = listStatement(shape);
      const values = {
        actorOrganizationId: actor.organizationId ?? undefined,
        organizationId: query.organizationId,
        status: query.status,
        locked: query.locked,
        search: query.search ? containsPattern(query.search) : undefined,
      };
      return asTenant(actor, async (tx) => {
        const page = await readPageWith(
          query,
          () => tx.select({ total: count() }).from(courses).where(listWhere(shape, values)),
          (limit, offset) => statement(tx, { ...values, limit, offset }),
          (row) => ({
            ...toCourseListItem(row),
            organizationName: row.organizationName || DEFAULT_ORGANIZATION_NAME,
          }),
        );
        const isUnfiltered =
          !query.search && !query.status && query.locked === undefined && !query.archived && query.page === 1;
        return {
          ...page,
          ...(page.total === 0 && isUnfiltered ? { emptyReason: 'EMPTY_COURSES' as const } : {}),
        };
      });
    },

    /** A new formation is a draft of the creator's organisation (SPEC 3 defaults applied by the contract). */
    async create(actor: SessionUser, input: CreateInput): Promise<CourseDetail> {
      if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
      return asTenant(actor, async (tx) => {
        const [row] = await tx
          .insert(courses)
          .values({ ...input, organizationId: actor.organizationId!, createdBy: actor.id, status: 'draft' })
          .returning({ id: courses.id });
        return detail(tx, row!.id);
      });
    },

    get(actor: SessionUser, courseId: string): Promise<CourseDetail> {
      return asTenant(actor, (tx) => detail(tx, courseId));
    },

    update(actor: SessionUser, courseId: string, input: UpdateInput): Promise<CourseDetail> {
      const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      return change(actor, courseId, values, detail);
    },

    setStatus: (actor: SessionUser, courseId: string, status: 'published' | 'draft') =>
      change(actor, courseId, { status }, findNamedCourse),
    setLocked: (actor: SessionUser, courseId: string, isLocked: boolean) =>
      change(actor, courseId, { isLocked }, findNamedCourse),
    setArchived: (actor: SessionUser, courseId: string, isArchived: boolean) =>
      change(actor, courseId, { archivedAt: isArchived ? new Date() : null }, findNamedCourse),

    /** A deep copy in the same organisation: an unlocked draft, without learners, titled '… (copie)'. */
    async duplicate(actor: SessionUser, courseId: string): Promise<CourseDetail> {
      return asTenant(actor, async (tx) => {
        const [source] = await tx.select().from(courses).where(eq(courses.id, courseId));
        if (!source) throw new AppError('TRAINING_NOT_FOUND');
        const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = source;
        const title = `${source.title.slice(0, 200 - DUPLICATE_TITLE_SUFFIX.length)}${DUPLICATE_TITLE_SUFFIX}`;
        const [copy] = await tx
          .insert(courses)
          .values({
            ...fields,
            title,
            status: 'draft',
            isLocked: false,
            archivedAt: null,
            createdBy: actor.id,
          })
          .returning({ id: courses.id });
        const modules = await tx.select().from(courseModules).where(eq(courseModules.courseId, courseId));
        const lessons = await tx.select().from(courseLessons).where(eq(courseLessons.courseId, courseId));
        for (const module of modules) {
          const [moduleCopy] = await tx
            .insert(courseModules)
            .values({
              organizationId: module.organizationId,
              courseId: copy!.id,
              title: module.title,
              position: module.position,
            })
            .returning({ id: courseModules.id });
          const moduleLessons = lessons.filter((lesson) => lesson.moduleId === module.id);
          if (moduleLessons.length === 0) continue;
          await tx.insert(courseLessons).values(
            moduleLessons.map(({ id: _lessonId, createdAt: _c, updatedAt: _u, ...lesson }) => ({
              ...lesson,
              courseId: copy!.id,
              moduleId: moduleCopy!.id,
            })),
          );
        }
        return detail(tx, copy!.id);
      });
    },

    /**
     * Deletes a formation with its modules and lessons. SPEC 8's 23503: refused (LINKED_DATA) while
     * learners are enrolled or have completed lessons; the trainer archives it instead.
     */
    async remove(actor: SessionUser, courseId: string) {
      await asTenant(actor, async (tx) => {
        await findCourse(tx, courseId);
        const [enrollments] = await tx
          .select({ total: count() })
          .from(courseEnrollments)
          .where(eq(courseEnrollments.courseId, courseId));
        const [completions] = await tx
          .select({ total: count() })
          .from(lessonCompletions)
          .where(eq(lessonCompletions.courseId, courseId));
        if ((enrollments?.total ?? 0) > 0 || (completions?.total ?? 0) > 0) throw new AppError('LINKED_DATA');
        await tx.delete(courses).where(eq(courses.id, courseId));
      });
    },
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
