import type { SessionUser } from '@cursus/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { findCourse } from './course-queries.ts';
import { courseLessons } from './courses.tables.ts';
import type { LearningService } from './learning.service.ts';

// How a text lesson's HTML names a stored file (sanitize-lesson-html.ts keeps only such images).
const FILE_URL_PATTERN = '/api/files/([0-9a-fA-F-]{36})';

/** The courses domain's answer to who may put and read lesson files, and which it still uses. */
export function createCourseFileAccess(options: {
  database: Database;
  learning: LearningService;
}): FileAccessPolicy {
  const { database, learning } = options;
  return {
    async uploadOrganization(user: SessionUser, courseId?: string) {
      if (user.role === 'trainer' && !user.organizationId) throw new AppError('NO_ORGANIZATION');
      if (courseId) {
        const course = await database.withTenant(tenantOf(user), (tx) => findCourse(tx, courseId));
        return course.organizationId;
      }
      if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
      return user.organizationId;
    },
    async canRead(user, file) {
      if (user.role === 'student') return learning.canReadFile(user, file);
      // Staff: row-level security only returned the file if it is their organisation's (or they are admin).
      return true;
    },
    async fileIdsInUse(organizationId) {
      const db = database.jobs;
      const ofOrganization = eq(courseLessons.organizationId, organizationId);
      const [lessonFiles, textImages] = await Promise.all([
        db
          .selectDistinct({ id: courseLessons.fileId })
          .from(courseLessons)
          .where(and(ofOrganization, isNotNull(courseLessons.fileId))),
        // Images of text lessons are referenced only by their URL in the HTML.
        db
          .selectDistinct({
            id: sql<string>`lower((regexp_matches(${courseLessons.content}->>'html', ${FILE_URL_PATTERN}, 'g'))[1])`,
          })
          .from(courseLessons)
          .where(and(ofOrganization, eq(courseLessons.type, 'text'))),
      ]);
      return new Set([...lessonFiles, ...textImages].flatMap((row) => (row.id ? [row.id] : [])));
    },
  };
}
