import { hasPermission, type SessionUser, signatureRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { SignaturesService } from './signatures.service.ts';

const tags = ['signatures'];

/** SPEC 6: trainers manage their organisation's signatures with the students they manage. */
function requireSignatureStaff(request: FastifyRequest): SessionUser {
  const user = requireRole(request, ['trainer']);
  if (!hasPermission(user.role, ['manage:students'])) throw new AppError('NOT_AUTHORIZED');
  return user;
}

export async function signatureRoutesPlugin(
  app: FastifyInstance,
  options: { signatures: SignaturesService },
) {
  const { signatures } = options;
  const learner = (request: FastifyRequest) => requireRole(request, ['student']);
  const staff = requireSignatureStaff;

  route(
    app,
    signatureRoutes.getPage,
    (request, _reply, { params, query }) =>
      signatures.getPage(learner(request), params.courseId, query.module ?? null),
    { tags },
  );
  route(
    app,
    signatureRoutes.sign,
    async (request, _reply, { params, body }) => {
      const user = learner(request);
      const page = await signatures.sign(user, params.courseId, body, {
        ipAddress: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      request.log.info(
        { event: 'signature.sign', by: user.id, signatureId: page.signature?.id },
        'certified signature given',
      );
      return page;
    },
    { tags },
  );
  route(
    app,
    signatureRoutes.listMine,
    (request, _reply, { query }) => signatures.listMine(learner(request), query),
    { tags },
  );
  route(
    app,
    signatureRoutes.listForTrainer,
    (request, _reply, { query }) => signatures.listForTrainer(staff(request), query),
    { tags },
  );
  route(
    app,
    signatureRoutes.remind,
    async (request, _reply, { params }) => {
      const user = staff(request);
      const result = await signatures.remind(user, params.id);
      request.log.info(
        { event: 'signature.remind', by: user.id, signatureId: params.id },
        'signature reminder sent',
      );
      return result;
    },
    { tags },
  );
}
