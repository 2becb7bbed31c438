import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { attendanceRecords } from './attendance.tables.ts';

/**
 * Absences' justification documents, added to another domain's policy: staff read them (their
 * organisation's files, as the base policy says), and the orphan sweep keeps every one a record names.
 */
export function createAttendanceFileAccess(options: {
  database: Database;
  base: FileAccessPolicy;
}): FileAccessPolicy {
  const { database, base } = options;
  return {
    uploadOrganization: (user, courseId) => base.uploadOrganization(user, courseId),
    canRead: (user, file) => base.canRead(user, file),
    async fileIdsInUse(organizationId) {
      const [used, justified] = await Promise.all([
        base.fileIdsInUse(organizationId),
        database.jobs
          .selectDistinct({ id: attendanceRecords.absenceFileId })
          .from(attendanceRecords)
          .where(
            and(
              eq(attendanceRecords.organizationId, organizationId),
              isNotNull(attendanceRecords.absenceFileId),
            ),
          ),
      ]);
      for (const row of justified) if (row.id) used.add(row.id);
      return used;
    },
  };
}
