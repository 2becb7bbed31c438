import type { FastifyPluginAsync } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { auditRoutesPlugin } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';
import { auditEventsRoutesPlugin } from './audit-events.routes.ts';
import { createAuditEventsService } from './audit-events.service.ts';

export type { AuditEvent, AuditService, RequestOrigin } from './audit.service.ts';
export { auditActorOf, changedFields, isAuditedAction } from './audit.service.ts';

/**
 * The admin audit log (issue 17) and the audit trail (issue 19). Modules whose routes let an admin
 * change another organisation's data, or the platform's, record each such action in the log (and so
 * in the trail); security and compliance events go to the trail. Staff read their organisation's
 * trail, admins everything; nobody edits either.
 */
export function createAuditModule(deps: {
  database: Database;
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const service = createAuditService({ ...deps, now });
  const events = createAuditEventsService({
    database: deps.database,
    audit: service,
    organizationNames: deps.organizationNames,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await auditRoutesPlugin(app, { audit: service });
    await auditEventsRoutesPlugin(app, { events, now });
  };
  return { service, events, routes };
}
