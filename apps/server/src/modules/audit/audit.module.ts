import type { FastifyPluginAsync } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { auditRoutesPlugin } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';

export type { AuditService } from './audit.service.ts';

/**
 * The admin audit log (issue 17): modules whose routes let an admin change another organisation's
 * data, or the platform's, record each such action here; admins read it, nobody edits it.
 */
export function createAuditModule(deps: {
  database: Database;
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
}) {
  const service = createAuditService(deps);
  const routes: FastifyPluginAsync = (app) => auditRoutesPlugin(app, { audit: service });
  return { service, routes };
}
