import { Readable } from 'node:stream';
import { auditEventRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/i18n.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { AuditEventsService } from './audit-events.service.ts';

export async function auditEventsRoutesPlugin(
  app: FastifyInstance,
  options: { events: AuditEventsService; now: () => Date },
) {
  const tags = ['audit'];
  route(
    app,
    auditEventRoutes.list,
    (request, _reply, { query }) => options.events.list(requireRole(request, ['trainer']), query),
    { tags },
  );
  route(
    app,
    auditEventRoutes.exportEvents,
    async (request, reply, { query }) => {
      const user = requireRole(request, ['trainer']);
      // The export is recorded before the first byte: a refused one is recorded nowhere.
      const lines = await options.events.exportCsv(user, query, requestLanguage(request));
      const day = options.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-trail-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
    { tags },
  );
}
