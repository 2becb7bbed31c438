import { registerRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { RegistersService } from './registers.service.ts';

const tags = ['registers'];

export async function registersRoutesPlugin(app: FastifyInstance, options: { registers: RegistersService }) {
  const { complaints, improvements, watch, links } = options.registers;
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['trainer']);
  const admin = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['admin']);

  route(
    app,
    registerRoutes.listComplaints,
    (request, _reply, { query }) => complaints.list(staff(request), query),
    {
      tags,
    },
  );
  route(
    app,
    registerRoutes.createComplaint,
    (request, _reply, { body }) => complaints.create(staff(request), body),
    {
      tags,
    },
  );
  route(
    app,
    registerRoutes.updateComplaint,
    (request, _reply, { params, body }) => complaints.update(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    registerRoutes.closeComplaint,
    (request, _reply, { params, body }) => complaints.close(staff(request), params.id, body),
    { tags },
  );
  route(app, registerRoutes.links, (request, _reply, { query }) => links(staff(request), query), { tags });

  route(
    app,
    registerRoutes.listImprovements,
    (request, _reply, { query }) => improvements.list(staff(request), 'organization', query),
    { tags },
  );
  route(
    app,
    registerRoutes.createImprovement,
    (request, _reply, { body }) => improvements.create(staff(request), 'organization', body),
    { tags },
  );
  route(
    app,
    registerRoutes.updateImprovement,
    (request, _reply, { params, body }) =>
      improvements.update(staff(request), 'organization', params.id, body),
    { tags },
  );
  route(
    app,
    registerRoutes.closeImprovement,
    (request, _reply, { params, body }) =>
      improvements.close(staff(request), 'organization', params.id, body),
    { tags },
  );

  route(
    app,
    registerRoutes.listPlatformImprovements,
    (request, _reply, { query }) => improvements.list(admin(request), 'platform', query),
    { tags },
  );
  route(
    app,
    registerRoutes.createPlatformImprovement,
    (request, _reply, { body }) => improvements.create(admin(request), 'platform', body),
    { tags },
  );
  route(
    app,
    registerRoutes.updatePlatformImprovement,
    (request, _reply, { params, body }) => improvements.update(admin(request), 'platform', params.id, body),
    { tags },
  );
  route(
    app,
    registerRoutes.closePlatformImprovement,
    (request, _reply, { params, body }) => improvements.close(admin(request), 'platform', params.id, body),
    { tags },
  );
  route(app, registerRoutes.platformOwners, (request) => improvements.platformOwners(admin(request)), {
    tags,
  });

  route(app, registerRoutes.listWatch, (request, _reply, { query }) => watch.list(staff(request), query), {
    tags,
  });
  route(app, registerRoutes.createWatch, (request, _reply, { body }) => watch.create(staff(request), body), {
    tags,
  });
  route(
    app,
    registerRoutes.updateWatch,
    (request, _reply, { params, body }) => watch.update(staff(request), params.id, body),
    { tags },
  );
}
