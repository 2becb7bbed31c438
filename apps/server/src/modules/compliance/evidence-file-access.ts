import type { FileAccessPolicy } from '../files/files.module.ts';

/**
 * Compliance evidence files, added to the other domains' file policy: the organisation's staff read
 * them (the base rule for every file of their organisation) and learners never, though the
 * formations' rule lets a learner read any image of their organisation: evidence is decided here
 * first. The orphan sweep keeps every file an evidence row names.
 */
export function createEvidenceFileAccess(options: {
  base: FileAccessPolicy;
  isEvidenceFile: (fileId: string) => Promise<boolean>;
  fileIdsInUse: (organizationId: string) => Promise<string[]>;
}): FileAccessPolicy {
  const { base } = options;
  return {
    uploadOrganization: (user, courseId) => base.uploadOrganization(user, courseId),
    async canRead(user, file) {
      if (user.role === 'student' && (await options.isEvidenceFile(file.id))) return false;
      return base.canRead(user, file);
    },
    async fileIdsInUse(organizationId) {
      const [used, evidence] = await Promise.all([
        base.fileIdsInUse(organizationId),
        options.fileIdsInUse(organizationId),
      ]);
      for (const id of evidence) used.add(id);
      return used;
    },
  };
}
