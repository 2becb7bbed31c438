import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { organizationRoutesPlugin } from './organizations.routes.ts';
import { createOrganizationsService, type VerifiedEmails } from './organizations.service.ts';

export type { OrganizationsService, VerifiedEmails } from './organizations.service.ts';

export const DEMO_ORGANIZATION_NAME = 'Organisme Démo';

/**
 * Organisations and the people in them: profiles, roles (SPEC 6), students waiting for a place.
 * `verifiedEmails` comes from the auth module, which owns the accounts' addresses.
 */
export function createOrganizationsModule(deps: {
  database: Database;
  adminEmails: readonly string[];
  verifiedEmails: VerifiedEmails;
}) {
  const service = createOrganizationsService(deps);
  const routes: FastifyPluginAsync = (app) => organizationRoutesPlugin(app, { organizations: service });
  return {
    service,
    routes,
    /** The demo's organisation, empty: the other modules' seeders fill it. */
    seedDemo: () => service.createOrganization(DEMO_ORGANIZATION_NAME),
  };
}
