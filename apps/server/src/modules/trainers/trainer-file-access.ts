import type { FileAccessPolicy } from '../files/files.module.ts';

/**
 * Trainers' CVs and diplomas, added to the other domains' file policy: the organisation's staff read
 * them (the base rule for every file of their organisation) and learners never, though the
 * formations' rule lets a learner read any image of their organisation: a CV or a diploma is decided
 * here before it is asked. The orphan sweep keeps every file a trainer's record names.
 */
export function createTrainerFileAccess(options: {
  fileIdsInUse: (organizationId: string) => Promise<string[]>;
  isTrainerDocument: (fileId: string) => Promise<boolean>;
  base: FileAccessPolicy;
}): FileAccessPolicy {
  const { base } = options;
  return {
    uploadOrganization: (user, courseId) => base.uploadOrganization(user, courseId),
    async canRead(user, file) {
      if (user.role === 'student' && (await options.isTrainerDocument(file.id))) return false;
      return base.canRead(user, file);
    },
    async fileIdsInUse(organizationId) {
      const [used, documents] = await Promise.all([
        base.fileIdsInUse(organizationId),
        options.fileIdsInUse(organizationId),
      ]);
      for (const id of documents) used.add(id);
      return used;
    },
  };
}
