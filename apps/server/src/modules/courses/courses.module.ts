import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
import type { FilesService } from '../files/files.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { createCourseContentService } from './course-content.service.ts';
import { createCourseFileAccess } from './course-file-access.ts';
import { courseRoutesPlugin } from './courses.routes.ts';
import { createCoursesService } from './courses.service.ts';
import { createEnrollmentsService } from './enrollments.service.ts';
import { readFormationCopy, writeFormationCopy } from './formation-copy.ts';
import { learnerEnrollments } from './learner-enrollments.ts';
import { learningRoutesPlugin } from './learning.routes.ts';
import { createLearningService } from './learning.service.ts';
import { offlineRoutesPlugin } from './offline.routes.ts';
import { createOfflinePackageService } from './offline-package.service.ts';
import { dateDemoCompletions, seedDemoCourses } from './seed-demo-courses.ts';

export { exportCoursesPersonalData } from './courses.personal-data.ts';
export type { CoursesService } from './courses.service.ts';
export type { FormationCopy } from './formation-copy.ts';
export { fileIdsOfFormation, LESSON_IMAGE_TAG, renameLessonFiles } from './formation-files.ts';
export { enrollFromFunding, isCourseOf, unenrollFromFunding } from './funding-enrollments.ts';
export type { LearningService } from './learning.service.ts';

/**
 * Formations as trainers build them and learners follow them (the `courses` and `learning`
 * contracts): one module, since a completion and a trainer's edit change the same progress.
 */
export function createCoursesModule(deps: {
  database: Database;
  organizations: OrganizationsService;
  files: FilesService;
  /** A formation completed (progress reaching 100) counts towards course_completion badges. */
  achievements?: AchievementsService;
}) {
  const { database, organizations, files } = deps;
  const service = createCoursesService({ database, organizations });
  const tracked = createLearningService({ database, files });
  const learning: typeof tracked = {
    ...tracked,
    async completeLesson(actor, courseId, lessonId) {
      const result = await tracked.completeLesson(actor, courseId, lessonId);
      if (result.progress === 100 && actor.organizationId)
        await deps.achievements?.evaluate({
          organizationId: actor.organizationId,
          userId: actor.id,
          criterion: 'course_completion',
        });
      return result;
    },
  };
  const enrollments = createEnrollmentsService({ database, organizations });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(courseRoutesPlugin, {
      courses: service,
      content: createCourseContentService({ database, files }),
      enrollments,
    });
    await app.register(learningRoutesPlugin, { learning });
    await app.register(offlineRoutesPlugin, {
      offline: createOfflinePackageService({ database, files, learning }),
    });
  };
  return {
    service,
    learning,
    /** Enrolling learners (the learners module enrols invited and imported ones). */
    enrollments,
    /** A learner's formations and progress, for the learners module's list and record. */
    learnerEnrollments,
    /** Who may upload and read lesson files: for the files module's routes. */
    fileAccess: createCourseFileAccess({ database, learning }),
    /** Reads and writes a whole formation in the caller's transaction (the marketplace's copies). */
    copies: { read: readFormationCopy, write: writeFormationCopy },
    routes,
    seedDemo: (input: Omit<Parameters<typeof seedDemoCourses>[0], 'database'>) =>
      seedDemoCourses({ database, ...input }),
    dateDemoCompletions: (learners: Parameters<typeof dateDemoCompletions>[0]['learners']) =>
      dateDemoCompletions({ database, learners }),
  };
}
