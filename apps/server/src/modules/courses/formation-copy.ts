import type { CourseModality } from '@cursus/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findCourse } from './course-queries.ts';
import { courseLessons, courseModules, courses, type StoredLessonContent } from './courses.tables.ts';
import { sanitizeLessonHtml } from './sanitize-lesson-html.ts';

/**
 * A whole formation as another domain copies it (the marketplace): its sheet and its outline with
 * each lesson's stored content. `fileId` names a stored file of the organisation it is read from
 * or written to; the caller copies the files themselves.
 */
export interface FormationCopy {
  title: string;
  category: string;
  description: string;
  objectives: string;
  prerequisites: string;
  audience: string;
  durationHours: number | null;
  modality: CourseModality | null;
  teachingMethods: string;
  assessmentMethods: string;
  accessibility: string;
  modules: {
    title: string;
    lessons: {
      title: string;
      estimatedMinutes: number;
      content: StoredLessonContent;
      fileId: string | null;
    }[];
  }[];
}

/**
 * The formation as the caller's tenant sees it (TRAINING_NOT_FOUND for another organisation's),
 * with its organisation: three statements, whatever its size.
 */
export async function readFormationCopy(
  tx: Tx,
  courseId: string,
): Promise<FormationCopy & { organizationId: string }> {
  const course = await findCourse(tx, courseId);
  const [moduleRows, lessonRows] = await Promise.all([
    tx
      .select({ id: courseModules.id, title: courseModules.title })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.createdAt)),
    tx
      .select({
        moduleId: courseLessons.moduleId,
        title: courseLessons.title,
        estimatedMinutes: courseLessons.estimatedMinutes,
        content: courseLessons.content,
        fileId: courseLessons.fileId,
      })
      .from(courseLessons)
      .where(eq(courseLessons.courseId, courseId))
      .orderBy(asc(courseLessons.position), asc(courseLessons.createdAt)),
  ]);
  return {
    organizationId: course.organizationId,
    title: course.title,
    category: course.category,
    description: course.description,
    objectives: course.objectives,
    prerequisites: course.prerequisites,
    audience: course.audience,
    durationHours: course.durationHours,
    modality: course.modality,
    teachingMethods: course.teachingMethods,
    assessmentMethods: course.assessmentMethods,
    accessibility: course.accessibility,
    modules: moduleRows.map((module) => ({
      title: module.title,
      lessons: lessonRows
        .filter((lesson) => lesson.moduleId === module.id)
        .map(({ title, estimatedMinutes, content, fileId }) => ({
          title,
          estimatedMinutes,
          content,
          fileId,
        })),
    })),
  };
}

/**
 * Writes `copy` into `organizationId` as a new formation of `createdBy`, a draft unless `status`
 * says otherwise (an admin assigning a formation may publish it at once), in the caller's
 * transaction (row-level security checks the caller may write there). Nothing links it to where
 * it came from: editing either never changes the other. Text lessons are sanitised again, as any
 * lesson written: the copy never trusts HTML it did not clean itself.
 */
export async function writeFormationCopy(
  tx: Tx,
  input: {
    organizationId: string;
    createdBy: string;
    copy: FormationCopy;
    at: Date;
    status?: 'draft' | 'published';
  },
): Promise<{ courseId: string; moduleCount: number; lessonCount: number }> {
  const { organizationId, copy, at } = input;
  const { modules, ...sheet } = copy;
  const [course] = await tx
    .insert(courses)
    .values({
      ...sheet,
      organizationId,
      createdBy: input.createdBy,
      status: input.status ?? 'draft',
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: courses.id });
  const courseId = course!.id;
  let lessonCount = 0;
  if (modules.length === 0) return { courseId, moduleCount: 0, lessonCount };
  const moduleRows = await tx
    .insert(courseModules)
    .values(modules.map((module, position) => ({ organizationId, courseId, title: module.title, position })))
    .returning({ id: courseModules.id, position: courseModules.position });
  const moduleIdAt = new Map(moduleRows.map((row) => [row.position, row.id]));
  const lessons = modules.flatMap((module, modulePosition) =>
    module.lessons.map((lesson, position) => ({
      organizationId,
      courseId,
      moduleId: moduleIdAt.get(modulePosition)!,
      title: lesson.title,
      type: lesson.content.type,
      estimatedMinutes: lesson.estimatedMinutes,
      position,
      content:
        lesson.content.type === 'text'
          ? { type: 'text' as const, html: sanitizeLessonHtml(lesson.content.html) }
          : lesson.content,
      fileId: lesson.fileId,
    })),
  );
  if (lessons.length > 0) await tx.insert(courseLessons).values(lessons);
  lessonCount = lessons.length;
  return { courseId, moduleCount: modules.length, lessonCount };
}
