import {
  type Course,
  type CourseListItem,
  type CourseModality,
  type CourseModule,
  type CourseStatus,
  fileUrl,
  type Lesson,
  type LessonContent,
  type LessonSummary,
  type LessonType,
  videoEmbedUrl,
  videoPageUrl,
} from '@cursus/contracts';
import { type AnyColumn, and, asc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { qualified } from '../../db/qualified.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FilesService, StoredFileRow } from '../files/files.module.ts';
import {
  courseEnrollments,
  courseLessons,
  courseModules,
  courses,
  lessonCompletions,
} from './courses.tables.ts';

export type CourseRow = typeof courses.$inferSelect;
export type ModuleRow = typeof courseModules.$inferSelect;
export type LessonRow = typeof courseLessons.$inferSelect;

const courseIdColumn = qualified(courses, courses.id);

/** What a Course answer is selected from: the row and its counts. */
const courseCounts = {
  moduleCount: sql<number>`(select count(*) from ${courseModules} where ${courseModules.courseId} = ${courseIdColumn})::int`,
  lessonCount: sql<number>`(select count(*) from ${courseLessons} where ${courseLessons.courseId} = ${courseIdColumn})::int`,
  enrollmentCount: sql<number>`(select count(*) from ${courseEnrollments} where ${courseEnrollments.courseId} = ${courseIdColumn})::int`,
};

export const courseSelection = { course: courses, ...courseCounts };

/** What a row of the formation list shows (CourseListItemSchema), and nothing else. */
export const courseListSelection = {
  id: courses.id,
  organizationId: courses.organizationId,
  title: courses.title,
  category: courses.category,
  status: courses.status,
  isLocked: courses.isLocked,
  archivedAt: courses.archivedAt,
  updatedAt: courses.updatedAt,
  ...courseCounts,
};

export function toCourseListItem(
  row: Omit<CourseListItem, 'organizationName' | 'status' | 'isArchived' | 'updatedAt'> & {
    status: string;
    archivedAt: Date | null;
    updatedAt: Date;
  },
): Omit<CourseListItem, 'organizationName'> {
  const { archivedAt, updatedAt, status, ...rest } = row;
  return {
    ...rest,
    status: status as CourseStatus,
    isArchived: archivedAt !== null,
    updatedAt: iso(updatedAt),
  };
}

export interface CourseSelectionRow {
  course: CourseRow;
  moduleCount: number;
  lessonCount: number;
  enrollmentCount: number;
}

export const iso = (date: Date) => date.toISOString();

/** A Course answer but for its organisation's name, which the organizations module gives. */
export type CourseFacts = Omit<Course, 'organizationName'>;

export function toCourse(row: CourseSelectionRow): CourseFacts {
  const { course } = row;
  return {
    id: course.id,
    organizationId: course.organizationId,
    title: course.title,
    category: course.category,
    description: course.description,
    objectives: course.objectives,
    prerequisites: course.prerequisites,
    audience: course.audience,
    durationHours: course.durationHours,
    modality: course.modality as CourseModality | null,
    teachingMethods: course.teachingMethods,
    assessmentMethods: course.assessmentMethods,
    accessibility: course.accessibility,
    priceCents: course.priceCents,
    startsOn: course.startsOn,
    endsOn: course.endsOn,
    status: course.status as CourseStatus,
    isLocked: course.isLocked,
    isArchived: course.archivedAt !== null,
    archivedAt: course.archivedAt ? iso(course.archivedAt) : null,
    createdAt: iso(course.createdAt),
    updatedAt: iso(course.updatedAt),
    moduleCount: Number(row.moduleCount),
    lessonCount: Number(row.lessonCount),
    enrollmentCount: Number(row.enrollmentCount),
  };
}

/**
 * The formation as the caller's tenant sees it. Row-level security hides other organisations'
 * rows, so a foreign id and a missing one both end in TRAINING_NOT_FOUND (SPEC 8).
 */
export async function findCourse(tx: Tx, courseId: string): Promise<CourseFacts> {
  const [row] = await tx.select(courseSelection).from(courses).where(eq(courses.id, courseId));
  if (!row) throw new AppError('TRAINING_NOT_FOUND');
  return toCourse(row);
}

export async function findModule(tx: Tx, courseId: string, moduleId: string): Promise<ModuleRow> {
  const [row] = await tx
    .select()
    .from(courseModules)
    .where(and(eq(courseModules.id, moduleId), eq(courseModules.courseId, courseId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function findLesson(tx: Tx, courseId: string, lessonId: string): Promise<LessonRow> {
  const [row] = await tx
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.id, lessonId), eq(courseLessons.courseId, courseId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export function toLessonSummary(row: LessonRow): LessonSummary {
  return {
    id: row.id,
    courseId: row.courseId,
    moduleId: row.moduleId,
    title: row.title,
    type: row.type as LessonType,
    estimatedMinutes: row.estimatedMinutes,
    position: row.position,
  };
}

/** A stored lesson's content as served: files described, embedded videos given their player. */
export function toLessonContent(row: LessonRow, file: StoredFileRow | null): LessonContent {
  const content = row.content;
  const fileRef = () => {
    if (!file) throw new Error(`lesson ${row.id} has lost its file`);
    return {
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      url: fileUrl(file.id),
    };
  };
  switch (content.type) {
    case 'text':
      return { type: 'text', html: content.html };
    case 'link':
      return { type: 'link', url: content.url };
    case 'document':
      return { type: 'document', file: fileRef() };
    case 'video':
      if (content.source === 'upload') return { type: 'video', source: 'upload', file: fileRef() };
      return {
        type: 'video',
        source: 'embed',
        provider: content.provider,
        videoId: content.videoId,
        url: videoPageUrl(content.provider, content.videoId),
        embedUrl: videoEmbedUrl(content.provider, content.videoId),
      };
  }
}

/** The lesson's file, if it has one: of the lesson's own organisation, as its content requires. */
export async function loadLessonFile(
  tx: Tx,
  files: FilesService,
  row: LessonRow,
): Promise<StoredFileRow | null> {
  if (!row.fileId) return null;
  const [file] = await files.findInOrganization(tx, row.organizationId, [row.fileId]);
  return file ?? null;
}

export async function toLesson(tx: Tx, files: FilesService, row: LessonRow): Promise<Lesson> {
  return {
    ...toLessonSummary(row),
    content: toLessonContent(row, await loadLessonFile(tx, files, row)),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A formation's outline, and when the learner it was read for completed each of its lessons. */
export interface Outline {
  outlines: Map<string, CourseModule[]>;
  completions: Map<string, Date>;
}

/**
 * Modules in order, each with its lessons in order (id breaks ties, so the order is stable), in one
 * statement whatever the number of formations and modules. Lessons' summaries only: their content
 * (a text lesson's whole HTML) is for the lesson's own page. With `studentId`, that learner's
 * completions come in the same statement.
 */
export async function loadOutline(tx: Tx, courseIds: string[], studentId?: string): Promise<Outline> {
  const outlines = new Map<string, CourseModule[]>(courseIds.map((id) => [id, []]));
  const completions = new Map<string, Date>();
  if (courseIds.length === 0) return { outlines, completions };
  const query = tx
    .select({
      moduleId: courseModules.id,
      courseId: courseModules.courseId,
      moduleTitle: courseModules.title,
      modulePosition: courseModules.position,
      lessonId: courseLessons.id,
      lessonTitle: courseLessons.title,
      lessonType: courseLessons.type,
      estimatedMinutes: courseLessons.estimatedMinutes,
      lessonPosition: courseLessons.position,
      completedAt: studentId ? lessonCompletions.completedAt : sql<Date | null>`null`,
    })
    .from(courseModules)
    .leftJoin(courseLessons, eq(courseLessons.moduleId, courseModules.id))
    .$dynamic();
  const rows = await (studentId
    ? query.leftJoin(
        lessonCompletions,
        and(eq(lessonCompletions.lessonId, courseLessons.id), eq(lessonCompletions.studentId, studentId)),
      )
    : query
  )
    .where(inArray(courseModules.courseId, courseIds))
    .orderBy(
      asc(courseModules.position),
      asc(courseModules.id),
      asc(courseLessons.position),
      asc(courseLessons.id),
    );
  let module: CourseModule | undefined;
  for (const row of rows) {
    if (module?.id !== row.moduleId) {
      module = {
        id: row.moduleId,
        courseId: row.courseId,
        title: row.moduleTitle,
        position: row.modulePosition,
        lessons: [],
      };
      outlines.get(row.courseId)?.push(module);
    }
    if (row.lessonId === null) continue;
    module.lessons.push({
      id: row.lessonId,
      courseId: row.courseId,
      moduleId: row.moduleId,
      title: row.lessonTitle!,
      type: row.lessonType as LessonType,
      estimatedMinutes: row.estimatedMinutes!,
      position: row.lessonPosition!,
    });
    if (row.completedAt) completions.set(row.lessonId, row.completedAt);
  }
  return { outlines, completions };
}

/**
 * A row of outlineJson: a module and one of its lessons (null for a module without any), with the
 * learner's completion of it, as PostgreSQL's json_build_array writes them.
 */
export type OutlineJsonRow = [
  moduleId: string,
  moduleTitle: string,
  modulePosition: number,
  lessonId: string | null,
  lessonTitle: string | null,
  lessonType: string | null,
  estimatedMinutes: number | null,
  lessonPosition: number | null,
  completedAt: string | null,
];

/**
 * The formation's outline as one JSON column of the statement that reads the formation, with the
 * learner's completions: what loadOutline gives, without a statement and a round trip of its own
 * (issue 12: every statement costs the server a round trip and the database a plan and its
 * policies). Same order, lessons' summaries only. `courseId` is the outer statement's column.
 *
 * One flat join per formation rather than a JSON object per module: the lessons and the learner's
 * completions are then read once each by formation (indexes on course_id), not probed lesson by
 * lesson (178 buffers for a learner's two formations against 52, measured at scale 1).
 */
export function outlineJson(
  courseId: SQL | AnyColumn,
  studentId: string | Placeholder,
): SQL<OutlineJsonRow[]> {
  return sql<OutlineJsonRow[]>`(
    select coalesce(json_agg(json_build_array(
      m.id, m.title, m.position, l.id, l.title, l.type, l.estimated_minutes, l.position, c.completed_at
    ) order by m.position, m.id, l.position, l.id), '[]'::json)
    from ${courseModules} m
    left join ${courseLessons} l on l.module_id = m.id and l.course_id = m.course_id
    left join ${lessonCompletions} c
      on c.lesson_id = l.id and c.student_id = ${studentId} and c.course_id = m.course_id
    where m.course_id = ${courseId})`;
}

/**
 * A module of progressionModulesJson: its lessons' number and the learner's completions of them
 * (null for none), as PostgreSQL's json_build_array writes them.
 */
export type ProgressionModuleJson = [
  moduleId: string,
  title: string,
  totalLessons: number,
  completions: [lessonId: string, lessonTitle: string, completedAt: string][] | null,
];

/**
 * A formation's modules in order, each with its lesson count and the learner's completions, as one
 * JSON column: the progression counts per module and lists the newest completions, so it needs
 * neither the lessons' other fields nor the lessons not completed. Against the whole outline
 * (outlineJson) the column is a third of the size: 0.08 ms less of PostgreSQL per request (pgbench,
 * a learner of three formations at scale 1), and less JSON for the server to parse.
 */
export function progressionModulesJson(
  courseId: AnyColumn,
  studentId: Placeholder,
): SQL<ProgressionModuleJson[]> {
  return sql<ProgressionModuleJson[]>`(
    select coalesce(json_agg(json_build_array(m.id, m.title, coalesce(n.total, 0), n.completions)
      order by m.position, m.id), '[]'::json)
    from ${courseModules} m
    left join (
      select l.module_id, count(*) as total,
        json_agg(json_build_array(l.id, l.title, c.completed_at)) filter (where c.completed_at is not null)
          as completions
      from ${courseLessons} l
      left join ${lessonCompletions} c
        on c.lesson_id = l.id and c.student_id = ${studentId} and c.course_id = l.course_id
      where l.course_id = ${courseId}
      group by l.module_id
    ) n on n.module_id = m.id
    where m.course_id = ${courseId})`;
}

/** outlineJson's value as loadOutline gives it, for one formation. */
export function toOutline(courseId: string, rows: OutlineJsonRow[]) {
  const completions = new Map<string, Date>();
  const outline: CourseModule[] = [];
  let module: CourseModule | undefined;
  for (const [
    moduleId,
    moduleTitle,
    modulePosition,
    lessonId,
    title,
    type,
    minutes,
    position,
    completedAt,
  ] of rows) {
    if (module?.id !== moduleId) {
      module = { id: moduleId, courseId, title: moduleTitle, position: modulePosition, lessons: [] };
      outline.push(module);
    }
    if (lessonId === null) continue;
    module.lessons.push({
      id: lessonId,
      courseId,
      moduleId,
      title: title!,
      type: type as LessonType,
      estimatedMinutes: minutes!,
      position: position!,
    });
    if (completedAt) completions.set(lessonId, new Date(completedAt));
  }
  return { outline, completions };
}

/** What a formation list shows of a learner's progress, counted from its outline and completions. */
export function outlineCounts(outline: CourseModule[], completions: Map<string, Date>) {
  let lastActivityAt: Date | null = null;
  for (const date of completions.values())
    if (!lastActivityAt || date > lastActivityAt) lastActivityAt = date;
  return {
    totalLessons: outline.reduce((sum, module) => sum + module.lessons.length, 0),
    completedLessons: completions.size,
    lastActivityAt,
  };
}

export async function loadCourseOutline(tx: Tx, courseId: string): Promise<CourseModule[]> {
  return (await loadOutline(tx, [courseId])).outlines.get(courseId) ?? [];
}

/**
 * SPEC 3, with issue 13's quizzes: course_enrollments.progress = (completed lessons + active quizzes
 * of the formation passed) / (lessons + active quizzes of the formation) × 100, rounded (0 when it has
 * neither). Recomputed in the transaction that changes either side: a completion, a passed attempt, a
 * lesson or a quiz added, removed, attached, activated, an enrolment. One statement for every
 * enrolment of the formation, or one learner's.
 *
 * The quizzes are the quizzes module's tables, named here rather than imported (that module builds
 * on this one): each side's policies apply, and a learner's show exactly the active quizzes of their
 * formations, so the learner's own recompute counts what the trainer's does.
 */
export async function recomputeProgress(tx: Tx, courseId: string, studentId?: string) {
  await tx.execute(sql`
    update ${courseEnrollments} as e set
      progress = coalesce((
        select round(100.0 * (lessons.done + quizzes.done) / nullif(lessons.total + quizzes.total, 0))::int
        from (
          select count(l.id) as total, count(c.id) as done
          from ${courseLessons} l
          left join ${lessonCompletions} c on c.lesson_id = l.id and c.student_id = e.student_id
          where l.course_id = e.course_id
        ) as lessons,
        (
          select count(*) as total,
            count(*) filter (where exists (
              select 1 from quiz_attempts a
              where a.quiz_id = q.id and a.user_id = e.student_id and a.status = 'submitted' and a.passed
            )) as done
          from quizzes q
          where q.course_id = e.course_id and q.is_active
        ) as quizzes
      ), 0),
      updated_at = now()
    where e.course_id = ${courseId} ${studentId ? sql`and e.student_id = ${studentId}` : sql``}`);
}

/** Writes 0, 1, 2, … as the positions of `ids`, touching only rows whose position changes. */
export async function writePositions(
  tx: Tx,
  table: typeof courseModules | typeof courseLessons,
  ids: string[],
  current: Map<string, number>,
) {
  for (const [index, id] of ids.entries()) {
    if (current.get(id) === index) continue;
    await tx.update(table).set({ position: index, updatedAt: new Date() }).where(eq(table.id, id));
  }
}
