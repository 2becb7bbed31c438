import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { FilesService } from '../files/files.module.ts';
import { adminRoutesPlugin } from './admin.routes.ts';
import { createAdminService, type FormationCopies, type ManagerInvitations } from './admin.service.ts';
import { seedDemoAdmin } from './seed-demo-admin.ts';

/**
 * The admin space's organisations (issue 17 point 3): the platform's figures, onboarding an
 * organisation with its first trainer (the trainers module's invitation), one organisation's page,
 * and formations assigned to it (copies through the courses and files modules). Every write that
 * changes an organisation's data goes to the audit log.
 */
export function createAdminModule(deps: {
  database: Database;
  audit: AuditService;
  trainers: ManagerInvitations;
  courses: FormationCopies;
  files: FilesService;
  adminEmails: readonly string[];
  now: () => Date;
}) {
  const service = createAdminService(deps);
  const routes: FastifyPluginAsync = (app) => adminRoutesPlugin(app, { admin: service });
  return {
    service,
    routes,
    /** A second organisation onboarded by the demo's admin, with formations assigned and learners. */
    seedDemo: (input: Parameters<typeof seedDemoAdmin>[1]) =>
      seedDemoAdmin({ database: deps.database, service }, input),
  };
}
