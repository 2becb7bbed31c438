import { adminRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { AdminService } from './admin.service.ts';

const tags = ['admin'];

const admin = (request: FastifyRequest) => requireRole(request, ['admin']);

export async function adminRoutesPlugin(app: FastifyInstance, options: { admin: AdminService }) {
  const service = options.admin;

  route(app, adminRoutes.platform, (request) => service.platform(admin(request)), { tags });
  route(
    app,
    adminRoutes.listOrganizations,
    (request, _reply, { query }) => service.listOrganizations(admin(request), query),
    { tags },
  );
  route(
    app,
    adminRoutes.onboard,
    async (request, _reply, { body }) => {
      const user = admin(request);
      const onboarded = await service.onboard(user, body);
      request.log.info(
        {
          event: 'organization.onboard',
          by: user.id,
          organizationId: onboarded.organization.id,
          trainerId: onboarded.trainer.id,
        },
        'organisation onboarded',
      );
      return onboarded;
    },
    { tags },
  );
  route(
    app,
    adminRoutes.catalogue,
    (request, _reply, { query }) => service.catalogue(admin(request), query),
    { tags },
  );
  route(
    app,
    adminRoutes.getOrganization,
    (request, _reply, { params }) => service.getOrganization(admin(request), params.organizationId),
    { tags },
  );
  route(
    app,
    adminRoutes.organizationCourses,
    (request, _reply, { params, query }) =>
      service.organizationCourses(admin(request), params.organizationId, query),
    { tags },
  );
  route(
    app,
    adminRoutes.assignCourse,
    async (request, _reply, { params, body }) => {
      const user = admin(request);
      const assigned = await service.assignCourse(user, params.organizationId, body);
      request.log.info(
        {
          event: 'course.assign',
          by: user.id,
          organizationId: params.organizationId,
          courseId: assigned.courseId,
          sourceCourseId: body.courseId,
        },
        'formation assigned',
      );
      return assigned;
    },
    { tags },
  );
}
