import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { conversations, messages } from './messages.tables.ts';

/**
 * Messages' attachments, added to the other domains' file policy. An attachment is read by the two
 * people of its conversation only: the formations' rule lets staff read any file of their
 * organisation, so an attachment is decided here before it is asked. The orphan sweep keeps every
 * file a message names.
 */
export function createMessageFileAccess(options: {
  database: Database;
  base: FileAccessPolicy;
}): FileAccessPolicy {
  const { database, base } = options;
  return {
    uploadOrganization: (user, courseId) => base.uploadOrganization(user, courseId),
    async canRead(user, file) {
      // Outside the reader's tenant (migration 0017): a non-participant cannot see the message that
      // makes the file private, and must still be refused it.
      const attachedIn = await database.service
        .selectDistinct({ conversationId: messages.conversationId })
        .from(messages)
        .where(eq(messages.fileId, file.id));
      if (attachedIn.length === 0) return base.canRead(user, file);
      const [participant] = await database.withTenant(tenantOf(user), (tx) =>
        tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(
            and(
              inArray(
                conversations.id,
                attachedIn.map((row) => row.conversationId),
              ),
              or(eq(conversations.studentId, user.id), eq(conversations.trainerId, user.id)),
            ),
          )
          .limit(1),
      );
      return Boolean(participant);
    },
    async fileIdsInUse(organizationId) {
      const [used, attached] = await Promise.all([
        base.fileIdsInUse(organizationId),
        database.jobs
          .selectDistinct({ id: messages.fileId })
          .from(messages)
          .where(and(eq(messages.organizationId, organizationId), isNotNull(messages.fileId))),
      ]);
      for (const row of attached) if (row.id) used.add(row.id);
      return used;
    },
  };
}
