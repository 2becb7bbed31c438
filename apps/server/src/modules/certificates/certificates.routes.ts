import { certificateRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { CertificatesService } from './certificates.service.ts';

const tags = ['certificates'];

export async function certificateRoutesPlugin(
  app: FastifyInstance,
  options: { certificates: CertificatesService },
) {
  const { certificates } = options;
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['trainer']);

  route(
    app,
    certificateRoutes.list,
    (request, _reply, { query }) => certificates.list(staff(request), query),
    { tags },
  );
  route(
    app,
    certificateRoutes.candidates,
    (request, _reply, { query }) => certificates.candidates(staff(request), query.courseId),
    { tags },
  );
  route(
    app,
    certificateRoutes.issue,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const certificate = await certificates.issue(user, body);
      request.log.info(
        { event: 'certificate.issue', by: user.id, certificateId: certificate.id, kind: certificate.kind },
        'certificate issued',
      );
      return certificate;
    },
    { tags },
  );
  route(
    app,
    certificateRoutes.revoke,
    async (request, _reply, { params }) => {
      const user = staff(request);
      const certificate = await certificates.revoke(user, params.id);
      request.log.info(
        { event: 'certificate.revoke', by: user.id, certificateId: params.id },
        'certificate revoked',
      );
      return certificate;
    },
    { tags },
  );
  route(
    app,
    certificateRoutes.listMine,
    (request) => certificates.listMine(requireRole(request, ['student'])),
    {
      tags,
    },
  );
  route(
    app,
    certificateRoutes.verify,
    (request, _reply, { params }) => certificates.verify(params.code, request.ip),
    { tags },
  );
}
