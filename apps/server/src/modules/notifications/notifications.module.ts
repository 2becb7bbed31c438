import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { createLiveEvents } from './live-events.ts';
import { notificationRoutesPlugin } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';

export { eraseNotifications, exportNotificationsPersonalData } from './notifications.personal-data.ts';
export type { NotificationsService } from './notifications.service.ts';

/**
 * The bell: personal notifications, raised by other modules and jobs (SPEC 3, SPEC 7), and the live
 * stream that tells a reader's tabs about each new one.
 */
export function createNotificationsModule(deps: {
  database: Database;
  organizations: OrganizationsService;
  log: { error(object: object, message: string): void };
}) {
  const service = createNotificationsService({
    database: deps.database,
    listStaffIds: deps.organizations.listStaffIds,
  });
  const live = createLiveEvents({ database: deps.database, log: deps.log });
  const routes: FastifyPluginAsync = async (app) => {
    await notificationRoutesPlugin(app, { notifications: service });
    await live.routes(app);
  };
  return {
    service,
    routes,
    /** Ends the open streams: before the server closes, which would otherwise wait for them. */
    closeStreams: live.close,
    /** A first, real notification, so the trainers' bell is not empty on a fresh demo. */
    seedDemo: (organization: { id: string; name: string }) =>
      service.notifyOrganizationStaff(organization.id, {
        type: 'welcome',
        metadata: { organizationName: organization.name },
        actionUrl: '/trainer/dashboard',
        context: 'trainer',
      }),
  };
}
