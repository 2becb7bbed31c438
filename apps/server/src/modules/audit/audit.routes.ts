import { auditRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { AuditService } from './audit.service.ts';

export async function auditRoutesPlugin(app: FastifyInstance, options: { audit: AuditService }) {
  route(
    app,
    auditRoutes.list,
    (request, _reply, { query }) => options.audit.list(requireRole(request, ['admin']), query),
    { tags: ['audit'] },
  );
}
