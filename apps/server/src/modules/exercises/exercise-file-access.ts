import { and, eq, isNotNull } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { exerciseSubmissions } from './exercises.tables.ts';

/**
 * The files handed in for exercises, added to another domain's policy (the formations'): a learner
 * reads the file of their own submission, staff their organisation's (row-level security), and the
 * orphan sweep keeps every file a submission names.
 */
export function createExerciseFileAccess(options: {
  database: Database;
  base: FileAccessPolicy;
  /** The organisation's trainers and admins: who uploads course material. */
  listStaffIds: (organizationId: string) => Promise<string[]>;
}): FileAccessPolicy {
  const { database, base, listStaffIds } = options;
  return {
    uploadOrganization: (user, courseId) => base.uploadOrganization(user, courseId),
    async canRead(user, file) {
      // The formations' rule lets learners read any image of their organisation (text lessons'
      // pictures): another learner's upload is their work, never course material.
      const isOthersUpload =
        user.role === 'student' && file.uploadedBy !== null && file.uploadedBy !== user.id;
      if (isOthersUpload && !(await listStaffIds(file.organizationId)).includes(file.uploadedBy!))
        return false;
      if (await base.canRead(user, file)) return true;
      const [row] = await database.withTenant(tenantOf(user), (tx) =>
        tx
          .select({ id: exerciseSubmissions.id })
          .from(exerciseSubmissions)
          .where(and(eq(exerciseSubmissions.fileId, file.id), eq(exerciseSubmissions.studentId, user.id)))
          .limit(1),
      );
      return Boolean(row);
    },
    async fileIdsInUse(organizationId) {
      const [used, handedIn] = await Promise.all([
        base.fileIdsInUse(organizationId),
        database.jobs
          .selectDistinct({ id: exerciseSubmissions.fileId })
          .from(exerciseSubmissions)
          .where(
            and(
              eq(exerciseSubmissions.organizationId, organizationId),
              isNotNull(exerciseSubmissions.fileId),
            ),
          ),
      ]);
      for (const row of handedIn) if (row.id) used.add(row.id);
      return used;
    },
  };
}
