import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { forumRoutesPlugin } from './forum.routes.ts';
import { createForumService } from './forum.service.ts';
import { seedDemoForum } from './seed-demo-forum.ts';

/** The organisation's staff forum (issue 14 point 3): threads, replies, likes, readers, @mentions. */
export { eraseForumContent, exportForumPersonalData } from './forum.personal-data.ts';
export function createForumModule(deps: {
  database: Database;
  notifications: NotificationsService;
  /** The organisations module's answer: who the trainers and admins of an organisation are. */
  listStaffIds: (organizationId: string) => Promise<string[]>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const service = createForumService(deps);
  const routes: FastifyPluginAsync = (app) => forumRoutesPlugin(app, { forum: service });
  return {
    service,
    routes,
    seedDemo: (input: Parameters<typeof seedDemoForum>[1]) =>
      seedDemoForum({ database: deps.database }, input),
  };
}
