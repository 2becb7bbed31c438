import { organizationRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { OrganizationsService } from './organizations.service.ts';

const tags = ['organizations'];

export async function organizationRoutesPlugin(
  app: FastifyInstance,
  options: { organizations: OrganizationsService },
) {
  const { organizations } = options;

  route(
    app,
    organizationRoutes.createOwn,
    async (request, _reply, { body }) => {
      const user = requireRole(request, ['trainer']);
      await organizations.createOwnOrganization(user, body.organizationName);
      const updated = await organizations.loadUser(user.id);
      if (!updated) throw new AppError('SESSION_EXPIRED');
      return { user: { ...updated, emailVerified: user.emailVerified } };
    },
    { tags },
  );

  route(
    app,
    organizationRoutes.assignStudent,
    async (request, _reply, { body }) => {
      const user = requireRole(request, ['trainer']);
      const student = await organizations.assignStudent(user, body);
      request.log.info(
        { event: 'organization.assign_student', by: user.id, studentId: student.id },
        'student assigned',
      );
      return student;
    },
    { tags },
  );

  route(
    app,
    organizationRoutes.list,
    async (request) => {
      const user = requireRole(request, ['trainer']);
      return { items: await organizations.listOrganizations(tenantOf(user)) };
    },
    { tags },
  );

  route(
    app,
    organizationRoutes.listStudents,
    async (request, _reply, { query }) => {
      const user = requireRole(request, ['trainer']);
      // A trainer's own organisation always; an admin names one or pages through every organisation.
      const organizationId = user.role === 'admin' ? query.organizationId : user.organizationId;
      if (user.role !== 'admin' && !organizationId) throw new AppError('NO_ORGANIZATION');
      return organizations.pageStudents(tenantOf(user), { organizationId, search: query.search }, query);
    },
    { tags },
  );
}
