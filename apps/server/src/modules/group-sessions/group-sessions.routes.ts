import { groupSessionRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { GroupSessionsService } from './group-sessions.service.ts';

const tags = ['group-sessions'];
const ok = { ok: true as const };

export async function groupSessionRoutesPlugin(
  app: FastifyInstance,
  options: { groupSessions: GroupSessionsService },
) {
  const { groupSessions } = options;
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['trainer']);
  const learner = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['student']);

  route(
    app,
    groupSessionRoutes.listForTrainer,
    (request, _reply, { query }) => groupSessions.listForTrainer(staff(request), query),
    { tags },
  );
  route(
    app,
    groupSessionRoutes.listLearners,
    (request, _reply, { query }) => groupSessions.listLearners(staff(request), query),
    { tags },
  );
  route(
    app,
    groupSessionRoutes.create,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const session = await groupSessions.create(user, body);
      request.log.info(
        { event: 'group_session.create', by: user.id, sessionId: session.id },
        'group session created',
      );
      return session;
    },
    { tags },
  );
  route(
    app,
    groupSessionRoutes.get,
    (request, _reply, { params }) => groupSessions.get(staff(request), params.id),
    { tags },
  );
  route(
    app,
    groupSessionRoutes.update,
    (request, _reply, { params, body }) => groupSessions.update(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    groupSessionRoutes.remove,
    async (request, _reply, { params }) => {
      const user = staff(request);
      await groupSessions.remove(user, params.id);
      request.log.info(
        { event: 'group_session.delete', by: user.id, sessionId: params.id },
        'group session deleted',
      );
      return ok;
    },
    { tags },
  );
  route(
    app,
    groupSessionRoutes.listForAdmin,
    (request, _reply, { query }) => groupSessions.listForAdmin(requireRole(request, ['admin']), query),
    { tags },
  );
  route(
    app,
    groupSessionRoutes.listMine,
    (request, _reply, { query }) => groupSessions.listMine(learner(request), query),
    { tags },
  );
  route(
    app,
    groupSessionRoutes.getMine,
    (request, _reply, { params }) => groupSessions.getMine(learner(request), params.id),
    { tags },
  );
}
