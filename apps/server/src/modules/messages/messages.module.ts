import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { FileAccessPolicy, FilesService } from '../files/files.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { createMessageFileAccess } from './message-file-access.ts';
import { messageRoutesPlugin } from './messages.routes.ts';
import { createMessagesService } from './messages.service.ts';
import { seedDemoMessages } from './seed-demo-messages.ts';

/** One-to-one conversations between a learner and their organisation's trainers (issue 14 point 4). */
export { eraseConversations, exportMessagesPersonalData } from './messages.personal-data.ts';
export function createMessagesModule(deps: {
  database: Database;
  files: FilesService;
  notifications: NotificationsService;
  organizations: OrganizationsService;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, files } = deps;
  const service = createMessagesService(deps);
  const routes: FastifyPluginAsync = (app) => messageRoutesPlugin(app, { messages: service, files });
  return {
    service,
    routes,
    /** Makes attachments readable by their conversation's two people only, and kept by the orphan sweep. */
    fileAccess: (base: FileAccessPolicy) => createMessageFileAccess({ database, base }),
    seedDemo: (input: Parameters<typeof seedDemoMessages>[1]) =>
      seedDemoMessages({ database, files, notifications: deps.notifications }, input),
  };
}
