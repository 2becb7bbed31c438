import {
  fileUrl,
  type LessonRef,
  OFFLINE_FORMATION_MAX_BYTES,
  type OfflineFile,
  type OfflinePackage,
  type SessionUser,
  type StudentLesson,
} from '@cursus/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FilesService } from '../files/files.module.ts';
import { toLessonContent } from './course-queries.ts';
import { courseLessons } from './courses.tables.ts';
import { fileIdsInLessonHtml } from './formation-files.ts';
import type { LearningService } from './learning.service.ts';

/**
 * Issue 18: a formation to follow offline. The formation page comes from the learning service, so
 * the same rules decide who may read it (enrolled learner, published, their organisation); the
 * lessons are read in one statement rather than one request per lesson page.
 */
export function createOfflinePackageService(options: {
  database: Database;
  files: FilesService;
  learning: Pick<LearningService, 'getCourse'>;
}) {
  const { database, files, learning } = options;

  return {
    async getPackage(actor: SessionUser, courseId: string): Promise<OfflinePackage> {
      const course = await learning.getCourse(actor, courseId);
      // Its lessons cannot be opened online (COURSE_LOCKED): nor can they be taken away.
      if (course.isLocked) throw new AppError('COURSE_LOCKED');
      const organizationId = actor.organizationId!;
      return database.withTenant(tenantOf(actor), async (tx) => {
        const rows = await tx.select().from(courseLessons).where(eq(courseLessons.courseId, courseId));
        const rowById = new Map(rows.map((row) => [row.id, row]));
        const fileIds = new Set<string>();
        for (const row of rows) {
          if (row.fileId) fileIds.add(row.fileId);
          if (row.content.type === 'text')
            for (const id of fileIdsInLessonHtml(row.content.html)) fileIds.add(id);
        }
        const fileRows = await files.findInOrganization(tx, organizationId, [...fileIds]);
        // The quizzes module's tables, named as recomputeProgress names them (course-queries.ts):
        // the learner's policies show exactly the active quizzes of their formations.
        const counted = await tx.execute(sql`
          select count(*)::int as active,
            count(*) filter (where exists (
              select 1 from quiz_attempts a
              where a.quiz_id = q.id and a.user_id = ${actor.id} and a.status = 'submitted' and a.passed
            ))::int as passed
          from quizzes q
          where q.course_id = ${courseId} and q.is_active`);
        const [quizzes] = (counted as unknown as { rows: { active: number; passed: number }[] }).rows;
        const fileById = new Map(fileRows.map((file) => [file.id, file]));

        // The formation page's outline is the order, and holds the learner's completions.
        const sequence = course.modules.flatMap((module) =>
          module.lessons.map((lesson) => ({ module, lesson })),
        );
        const refAt = (index: number): LessonRef | null => {
          const item = sequence[index];
          return item ? { lessonId: item.lesson.id, moduleId: item.module.id } : null;
        };
        const lessons: StudentLesson[] = [];
        for (const [index, { module, lesson }] of sequence.entries()) {
          const row = rowById.get(lesson.id);
          // Removed since the outline was read: the next download will not list it either.
          if (!row) continue;
          const content = toLessonContent(row, row.fileId ? (fileById.get(row.fileId) ?? null) : null);
          lessons.push({
            id: lesson.id,
            courseId,
            courseTitle: course.title,
            moduleId: module.id,
            moduleTitle: module.title,
            title: row.title,
            type: content.type,
            estimatedMinutes: row.estimatedMinutes,
            content,
            isCompleted: lesson.isCompleted,
            completedAt: lesson.completedAt,
            previousLesson: refAt(index - 1),
            nextLesson: refAt(index + 1),
          });
        }

        const offlineFiles: OfflineFile[] = fileRows
          .map((file) => ({
            id: file.id,
            name: file.name,
            mimeType: file.mimeType,
            sizeBytes: file.sizeBytes,
            url: fileUrl(file.id),
          }))
          .sort((a, b) => a.id.localeCompare(b.id));
        return {
          course,
          lessons,
          quizzes: { active: Number(quizzes?.active ?? 0), passed: Number(quizzes?.passed ?? 0) },
          files: offlineFiles,
          totalBytes: offlineFiles.reduce((sum, file) => sum + file.sizeBytes, 0),
          maxBytes: OFFLINE_FORMATION_MAX_BYTES,
          generatedAt: new Date().toISOString(),
        };
      });
    },
  };
}

export type OfflinePackageService = ReturnType<typeof createOfflinePackageService>;
