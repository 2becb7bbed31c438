import {
  type CourseModule,
  type CourseOutline,
  type CreateLessonInputSchema,
  type Lesson,
  type LessonContentInput,
  type MoveLessonInput,
  parseVideoUrl,
  type SessionUser,
  type UpdateLessonInput,
} from '@cursus/contracts';
import { and, asc, eq, max, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FilesService } from '../files/files.module.ts';
import {
  type CourseFacts,
  findCourse,
  findLesson,
  findModule,
  loadCourseOutline,
  recomputeProgress,
  toLesson,
  writePositions,
} from './course-queries.ts';
import { courseLessons, courseModules, courses, type StoredLessonContent } from './courses.tables.ts';
import { sanitizeLessonHtml } from './sanitize-lesson-html.ts';

type CreateLessonInput = z.output<typeof CreateLessonInputSchema>;

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { fields: [{ path, message }] });
}

/** True when `ids` holds every one of `existing`, each once. */
function isPermutation(ids: string[], existing: string[]): boolean {
  return (
    ids.length === existing.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => existing.includes(id))
  );
}

/** Modules and lessons of a formation: the editor's outline, ordered by drag and drop. */
export function createCourseContentService(options: { database: Database; files: FilesService }) {
  const { database, files } = options;
  const asTenant = <T>(actor: SessionUser, work: (tx: Tx) => Promise<T>) =>
    database.withTenant(tenantOf(actor), work);

  const touch = (tx: Tx, courseId: string) =>
    tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));

  async function outline(tx: Tx, courseId: string): Promise<CourseOutline> {
    return { modules: await loadCourseOutline(tx, courseId) };
  }

  async function moduleWithLessons(tx: Tx, courseId: string, moduleId: string): Promise<CourseModule> {
    const found = (await loadCourseOutline(tx, courseId)).find((module) => module.id === moduleId);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  /**
   * What a lesson stores for the content a trainer sent: sanitised HTML, the allow-listed video,
   * or a file of the formation's own organisation uploaded for that purpose.
   */
  async function resolveContent(
    tx: Tx,
    course: CourseFacts,
    input: LessonContentInput,
  ): Promise<{ type: StoredLessonContent['type']; content: StoredLessonContent; fileId: string | null }> {
    const fileOf = async (fileId: string, purpose: 'video' | 'document') => {
      const [file] = await files.findInOrganization(tx, course.organizationId, [fileId]);
      if (!file) throw invalid('content.fileId', 'NOT_FOUND');
      if (file.purpose !== purpose) throw invalid('content.fileId', 'UNSUPPORTED_FORMAT');
      return file.id;
    };
    switch (input.type) {
      case 'text':
        return {
          type: 'text',
          content: { type: 'text', html: sanitizeLessonHtml(input.html) },
          fileId: null,
        };
      case 'link':
        return { type: 'link', content: { type: 'link', url: input.url }, fileId: null };
      case 'document':
        return {
          type: 'document',
          content: { type: 'document' },
          fileId: await fileOf(input.fileId, 'document'),
        };
      case 'video': {
        if (input.source === 'upload') {
          const fileId = await fileOf(input.fileId, 'video');
          return { type: 'video', content: { type: 'video', source: 'upload' }, fileId };
        }
        const video = parseVideoUrl(input.url);
        if (!video) throw invalid('content.url', 'UNSUPPORTED_FORMAT');
        return { type: 'video', content: { type: 'video', source: 'embed', ...video }, fileId: null };
      }
    }
  }

  /** After the last module of the formation, or the last lesson of the module. */
  async function nextPosition(tx: Tx, parent: { courseId: string } | { moduleId: string }) {
    const [row] =
      'courseId' in parent
        ? await tx
            .select({ last: max(courseModules.position) })
            .from(courseModules)
            .where(eq(courseModules.courseId, parent.courseId))
        : await tx
            .select({ last: max(courseLessons.position) })
            .from(courseLessons)
            .where(eq(courseLessons.moduleId, parent.moduleId));
    return row?.last == null ? 0 : row.last + 1;
  }

  return {
    async createModule(actor: SessionUser, courseId: string, title: string): Promise<CourseModule> {
      return asTenant(actor, async (tx) => {
        const course = await findCourse(tx, courseId);
        const position = await nextPosition(tx, { courseId });
        const [row] = await tx
          .insert(courseModules)
          .values({ organizationId: course.organizationId, courseId, title, position })
          .returning();
        await touch(tx, courseId);
        return { id: row!.id, courseId, title: row!.title, position: row!.position, lessons: [] };
      });
    },

    async updateModule(actor: SessionUser, courseId: string, moduleId: string, title: string) {
      return asTenant(actor, async (tx) => {
        await findCourse(tx, courseId);
        await findModule(tx, courseId, moduleId);
        await tx
          .update(courseModules)
          .set({ title, updatedAt: new Date() })
          .where(eq(courseModules.id, moduleId));
        await touch(tx, courseId);
        return moduleWithLessons(tx, courseId, moduleId);
      });
    },

    /** Its lessons go with it, and learners' completions of them: progress is recomputed. */
    async deleteModule(actor: SessionUser, courseId: string, moduleId: string) {
      await asTenant(actor, async (tx) => {
        await findCourse(tx, courseId);
        await findModule(tx, courseId, moduleId);
        await tx.delete(courseModules).where(eq(courseModules.id, moduleId));
        await recomputeProgress(tx, courseId);
        await touch(tx, courseId);
      });
    },

    async reorderModules(actor: SessionUser, courseId: string, moduleIds: string[]): Promise<CourseOutline> {
      return asTenant(actor, async (tx) => {
        await findCourse(tx, courseId);
        const existing = await tx
          .select({ id: courseModules.id, position: courseModules.position })
          .from(courseModules)
          .where(eq(courseModules.courseId, courseId));
        if (
          !isPermutation(
            moduleIds,
            existing.map((row) => row.id),
          )
        )
          throw invalid('moduleIds', 'must list every module of the formation exactly once');
        await writePositions(
          tx,
          courseModules,
          moduleIds,
          new Map(existing.map((row) => [row.id, row.position])),
        );
        await touch(tx, courseId);
        return outline(tx, courseId);
      });
    },

    async createLesson(
      actor: SessionUser,
      courseId: string,
      moduleId: string,
      input: CreateLessonInput,
    ): Promise<Lesson> {
      return asTenant(actor, async (tx) => {
        const course = await findCourse(tx, courseId);
        await findModule(tx, courseId, moduleId);
        const resolved = await resolveContent(tx, course, input.content);
        const position = await nextPosition(tx, { moduleId });
        const [row] = await tx
          .insert(courseLessons)
          .values({
            organizationId: course.organizationId,
            courseId,
            moduleId,
            title: input.title,
            estimatedMinutes: input.estimatedMinutes,
            position,
            ...resolved,
          })
          .returning();
        // One more lesson lowers everyone's share completed.
        await recomputeProgress(tx, courseId);
        await touch(tx, courseId);
        return toLesson(tx, files, row!);
      });
    },

    async getLesson(actor: SessionUser, courseId: string, lessonId: string): Promise<Lesson> {
      return asTenant(actor, async (tx) => {
        await findCourse(tx, courseId);
        return toLesson(tx, files, await findLesson(tx, courseId, lessonId));
      });
    },

    async updateLesson(
      actor: SessionUser,
      courseId: string,
      lessonId: string,
      input: UpdateLessonInput,
    ): Promise<Lesson> {
      return asTenant(actor, async (tx) => {
        const course = await findCourse(tx, courseId);
        await findLesson(tx, courseId, lessonId);
        const resolved = input.content ? await resolveContent(tx, course, input.content) : {};
        const [row] = await tx
          .update(courseLessons)
          .set({
            ...(input.title === undefined ? {} : { title: input.title }),
            ...(input.estimatedMinutes === undefined ? {} : { estimatedMinutes: input.estimatedMinutes }),
            ...resolved,
            updatedAt: new Date(),
          })
          .where(eq(courseLessons.id, lessonId))
          .returning();
        await touch(tx, courseId);
        return toLesson(tx, files, row!);
      });
    },

    async deleteLesson(actor: SessionUser, courseId: string, lessonId: string) {
      await asTenant(actor, async (tx) => {
        await findCourse(tx, courseId);
        await findLesson(tx, courseId, lessonId);
        await tx.delete(courseLessons).where(eq(courseLessons.id, lessonId));
        await recomputeProgress(tx, courseId);
        await touch(tx, courseId);
      });
    },

    async reorderLessons(
      actor: SessionUser,
      courseId: string,
      moduleId: string,
      lessonIds: string[],
    ): Promise<CourseOutline> {
      return asTenant(actor, async (tx) => {
        await findCourse(tx, courseId);
        await findModule(tx, courseId, moduleId);
        const existing = await tx
          .select({ id: courseLessons.id, position: courseLessons.position })
          .from(courseLessons)
          .where(eq(courseLessons.moduleId, moduleId));
        if (
          !isPermutation(
            lessonIds,
            existing.map((row) => row.id),
          )
        )
          throw invalid('lessonIds', 'must list every lesson of the module exactly once');
        await writePositions(
          tx,
          courseLessons,
          lessonIds,
          new Map(existing.map((row) => [row.id, row.position])),
        );
        await touch(tx, courseId);
        return outline(tx, courseId);
      });
    },

    /** Into another module of the same formation (or elsewhere in its own), at `position` or last. */
    async moveLesson(
      actor: SessionUser,
      courseId: string,
      lessonId: string,
      input: MoveLessonInput,
    ): Promise<CourseOutline> {
      return asTenant(actor, async (tx) => {
        await findCourse(tx, courseId);
        const lesson = await findLesson(tx, courseId, lessonId);
        try {
          await findModule(tx, courseId, input.moduleId);
        } catch {
          throw invalid('moduleId', 'NOT_FOUND');
        }
        const siblings = await tx
          .select({ id: courseLessons.id, position: courseLessons.position })
          .from(courseLessons)
          .where(and(eq(courseLessons.moduleId, input.moduleId), ne(courseLessons.id, lessonId)))
          .orderBy(asc(courseLessons.position), asc(courseLessons.id));
        const order = siblings.map((row) => row.id);
        order.splice(Math.min(input.position ?? order.length, order.length), 0, lessonId);
        const current = new Map(siblings.map((row) => [row.id, row.position]));
        if (lesson.moduleId === input.moduleId) current.set(lessonId, lesson.position);
        else
          await tx
            .update(courseLessons)
            .set({ moduleId: input.moduleId, updatedAt: new Date() })
            .where(eq(courseLessons.id, lessonId));
        await writePositions(tx, courseLessons, order, current);
        if (lesson.moduleId !== input.moduleId) {
          // Close the gap left in the module the lesson came from.
          const left = await tx
            .select({ id: courseLessons.id, position: courseLessons.position })
            .from(courseLessons)
            .where(eq(courseLessons.moduleId, lesson.moduleId))
            .orderBy(asc(courseLessons.position), asc(courseLessons.id));
          await writePositions(
            tx,
            courseLessons,
            left.map((row) => row.id),
            new Map(left.map((row) => [row.id, row.position])),
          );
        }
        await touch(tx, courseId);
        return outline(tx, courseId);
      });
    },
  };
}

export type CourseContentService = ReturnType<typeof createCourseContentService>;
