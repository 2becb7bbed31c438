import { systemAdminRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { SystemAdminService } from './system-admin.service.ts';
import type { HealthSources } from './system-health.ts';

const tags = ['system'];

/** `/admin/monitoring`, `/admin/system-monitoring` and `/admin/health`: platform admins only. */
export async function systemAdminRoutesPlugin(
  app: FastifyInstance,
  options: { admin: SystemAdminService; health: HealthSources },
) {
  const { admin } = options;
  const asAdmin = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['admin']);

  route(
    app,
    systemAdminRoutes.logs,
    (request, _reply, { query }) => admin.listLogs(asAdmin(request), query),
    {
      tags,
    },
  );
  route(
    app,
    systemAdminRoutes.logSummary,
    (request, _reply, { query }) => admin.summarizeLogs(asAdmin(request), query),
    { tags },
  );
  route(
    app,
    systemAdminRoutes.notFound,
    (request, _reply, { query }) => admin.listNotFound(asAdmin(request), query),
    { tags },
  );
  route(
    app,
    systemAdminRoutes.alerts,
    (request, _reply, { query }) => admin.listAlerts(asAdmin(request), query),
    {
      tags,
    },
  );
  route(
    app,
    systemAdminRoutes.resolveAlerts,
    async (request, _reply, { body }) => {
      const user = asAdmin(request);
      const result = await admin.resolveAlerts(user, body);
      request.log.info(
        { event: 'system.alerts.resolve', by: user.id, count: result.resolved },
        'alerts resolved',
      );
      return result;
    },
    { tags },
  );
  route(app, systemAdminRoutes.monitoring, (request) => admin.monitoringStatus(asAdmin(request)), { tags });
  route(app, systemAdminRoutes.health, (request) => admin.health(asAdmin(request), options.health), { tags });
}
