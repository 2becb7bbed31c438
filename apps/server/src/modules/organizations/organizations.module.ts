import type { PlatformConfiguration } from '@cursus/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { FileAccessPolicy, FilesService } from '../files/files.module.ts';
import { createOrganizationFileAccess } from './organization-file-access.ts';
import { createOrganizationSettingsService } from './organization-settings.service.ts';
import { organizationRoutesPlugin } from './organizations.routes.ts';
import { createOrganizationsService, type VerifiedEmails } from './organizations.service.ts';
import { seedDemoJoined, seedDemoOrganization } from './seed-demo-organization.ts';

// For the learners and auth modules: bulk accounts, the learner list's statement, the SSN setting.
export { createPlacedAccounts, type PlacedAccount } from './create-accounts.ts';
export { findOrganizationStudent, findProfilesByEmail, pageOrganizationStudents } from './learner-list.ts';
export { socialSecurityCollection } from './learner-settings.ts';
export type { LegalLines } from './organization-settings.service.ts';
// For the privacy module: the profile's part of an export, and its pseudonym at an erasure.
export { exportOrganizationsPersonalData, pseudonymiseProfile } from './organizations.personal-data.ts';
export type { OrganizationsService, VerifiedEmails } from './organizations.service.ts';
export { describePlatform } from './platform-configuration.ts';

export const DEMO_ORGANIZATION_NAME = 'Organisme Démo';

/**
 * Organisations and the people in them: profiles, roles (SPEC 6), students waiting for a place;
 * the organisation's settings and legal info (issue 16 point 9), its logo and Qualiopi certificate
 * kept by the files module. `verifiedEmails` comes from the auth module, which owns the accounts'
 * addresses.
 */
export function createOrganizationsModule(deps: {
  database: Database;
  adminEmails: readonly string[];
  verifiedEmails: VerifiedEmails;
  files: FilesService;
  /** Admins' changes to another organisation's legal info are written to the audit log. */
  audit: Pick<AuditService, 'record' | 'recordEvent'>;
  /** What `/admin/settings` shows of the platform's configuration (describePlatform). */
  platform: PlatformConfiguration;
  now: () => Date;
}) {
  const { database } = deps;
  const service = createOrganizationsService({
    database,
    adminEmails: deps.adminEmails,
    verifiedEmails: deps.verifiedEmails,
  });
  const settings = createOrganizationSettingsService({
    database,
    files: deps.files,
    now: deps.now,
    onRenamed: service.forgetOrganization,
    audit: deps.audit,
  });
  const routes: FastifyPluginAsync = (app) =>
    organizationRoutesPlugin(app, { organizations: service, settings, platform: deps.platform });
  return {
    service,
    settings,
    routes,
    /** Adds the organisation's logo and Qualiopi certificate to another domain's file policy. */
    fileAccess: (base: FileAccessPolicy) => createOrganizationFileAccess({ database, base }),
    /** The demo's organisation, with its settings and legal info: the other modules' seeders fill it. */
    async seedDemo(now: Date = deps.now(), createdAt: Date = now) {
      const organization = await service.createOrganization(DEMO_ORGANIZATION_NAME);
      await seedDemoOrganization(database, organization.id, { now, createdAt });
      return organization;
    },
    /** When the demo's accounts were made in its story, on their profiles and roles. */
    seedDemoJoined: (joined: readonly { userId: string; at: Date }[]) => seedDemoJoined(database, joined),
  };
}
