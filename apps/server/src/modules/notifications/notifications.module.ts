import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { notificationRoutesPlugin } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';

export type { NotificationsService } from './notifications.service.ts';

/** The bell: personal notifications, raised by other modules and jobs (SPEC 3, SPEC 7). */
export function createNotificationsModule(deps: { database: Database; organizations: OrganizationsService }) {
  const service = createNotificationsService({
    database: deps.database,
    listStaffIds: deps.organizations.listStaffIds,
  });
  const routes: FastifyPluginAsync = (app) => notificationRoutesPlugin(app, { notifications: service });
  return {
    service,
    routes,
    /** A first, real notification, so the trainers' bell is not empty on a fresh demo (accounts are in French). */
    seedDemo: (organization: { id: string; name: string }) =>
      service.notifyOrganizationStaff(organization.id, {
        type: 'welcome',
        title: 'Bienvenue sur Cursus',
        message: `Votre espace ${organization.name} est prêt : retrouvez vos apprenants et vos formations depuis le tableau de bord.`,
        actionUrl: '/trainer/dashboard',
      }),
  };
}
