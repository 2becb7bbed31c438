import { notificationRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

/** Anyone signed in reads and marks their own; the bell is shown to trainers and admins (SPEC 6). */
export async function notificationRoutesPlugin(
  app: FastifyInstance,
  options: { notifications: NotificationsService },
) {
  const { notifications } = options;

  route(
    app,
    notificationRoutes.list,
    async (request, _reply, { query }) => ({
      items: await notifications.listNotifications(tenantOf(requireUser(request)), query),
    }),
    { tags },
  );

  route(
    app,
    notificationRoutes.unreadCount,
    async (request, _reply, { query }) => ({
      count: await notifications.countUnread(tenantOf(requireUser(request)), query),
    }),
    { tags },
  );

  route(
    app,
    notificationRoutes.markRead,
    async (request, _reply, { params }) => {
      await notifications.markRead(tenantOf(requireUser(request)), params.id);
      return { ok: true as const };
    },
    { tags },
  );

  route(
    app,
    notificationRoutes.markAllRead,
    async (request, _reply, { body }) => ({
      updated: await notifications.markAllRead(tenantOf(requireUser(request)), body),
    }),
    { tags },
  );
}
