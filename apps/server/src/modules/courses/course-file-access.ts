import type { SessionUser } from '@cursus/contracts';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { findCourse } from './course-queries.ts';
import type { LearningService } from './learning.service.ts';

/** The courses domain's answer to who may put and read lesson files. */
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
  };
}
