import { learnerRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { LearnersService } from './learners.service.ts';

const tags = ['learners'];

export async function learnerRoutesPlugin(app: FastifyInstance, options: { learners: LearnersService }) {
  const { learners } = options;
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['trainer']);

  route(app, learnerRoutes.list, (request, _reply, { query }) => learners.list(staff(request), query), {
    tags,
  });
  route(
    app,
    learnerRoutes.invite,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const invited = await learners.invite(user, body);
      request.log.info({ event: 'learner.invite', by: user.id, studentId: invited.id }, 'learner invited');
      return invited;
    },
    { tags },
  );
  route(
    app,
    learnerRoutes.previewImport,
    (request, _reply, { body }) => learners.previewImport(staff(request), body.file),
    { tags },
  );
  route(
    app,
    learnerRoutes.importRows,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const result = await learners.importRows(user, body);
      request.log.info(
        {
          event: 'learner.import',
          by: user.id,
          imported: result.rows.filter((row) => row.state === 'imported').length,
          failed: result.rows.filter((row) => row.state === 'failed').length,
        },
        'learners imported',
      );
      return result;
    },
    { tags },
  );
  route(app, learnerRoutes.getSettings, (request) => learners.getSettings(staff(request)), { tags });
  route(
    app,
    learnerRoutes.updateSettings,
    (request, _reply, { body }) => learners.setSettings(staff(request), body.collectsSocialSecurityNumber),
    { tags },
  );
  route(
    app,
    learnerRoutes.myAdministrative,
    (request) => learners.myAdministrative(requireRole(request, ['student'])),
    { tags },
  );
  route(
    app,
    learnerRoutes.get,
    (request, _reply, { params }) => learners.get(staff(request), params.studentId),
    {
      tags,
    },
  );
  const admin = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['admin']);
  route(
    app,
    learnerRoutes.adminList,
    (request, _reply, { query }) => learners.adminList(admin(request), query),
    { tags },
  );
  route(
    app,
    learnerRoutes.adminGet,
    (request, _reply, { params }) => learners.adminGet(admin(request), params.studentId),
    { tags },
  );
  route(
    app,
    learnerRoutes.updateAdministrative,
    // The body holds the social security number: nothing of it is logged here.
    (request, _reply, { params, body }) =>
      learners.updateAdministrative(staff(request), params.studentId, body),
    { tags },
  );
}
