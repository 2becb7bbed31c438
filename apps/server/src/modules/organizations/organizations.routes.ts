import {
  adminSettingsRoutes,
  organizationRoutes,
  organizationSettingsRoutes,
  type PlatformConfiguration,
} from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireRole, requireUser } from '../../plugins/session.ts';
import type { OrganizationSettingsService } from './organization-settings.service.ts';
import type { OrganizationsService } from './organizations.service.ts';

const tags = ['organizations'];

export async function organizationRoutesPlugin(
  app: FastifyInstance,
  options: {
    organizations: OrganizationsService;
    settings: OrganizationSettingsService;
    platform: PlatformConfiguration;
  },
) {
  const { organizations, settings, platform } = options;

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

  route(
    app,
    organizationSettingsRoutes.getBranding,
    async (request) => settings.branding(requireUser(request)),
    { tags },
  );

  route(
    app,
    organizationSettingsRoutes.updateSettings,
    async (request, _reply, { body }) => {
      const user = requireRole(request, ['trainer']);
      const branding = await settings.updateSettings(user, body);
      request.log.info(
        { event: 'organization.settings', by: user.id, organizationId: branding.organizationId },
        'organisation settings saved',
      );
      return branding;
    },
    { tags },
  );

  route(
    app,
    organizationSettingsRoutes.getLegalInfo,
    async (request) => settings.legalInfo(requireRole(request, ['trainer'])),
    { tags },
  );

  route(
    app,
    organizationSettingsRoutes.updateLegalInfo,
    async (request, _reply, { body }) => {
      const user = requireRole(request, ['trainer']);
      const legal = await settings.updateLegalInfo(user, body);
      request.log.info(
        { event: 'organization.legal_info', by: user.id, organizationId: user.organizationId },
        'organisation legal info saved',
      );
      return legal;
    },
    { tags },
  );

  // `/admin/settings`: the platform's configuration, and any organisation's legal info.
  const admin = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['admin']);
  route(
    app,
    adminSettingsRoutes.platformConfiguration,
    async (request) => {
      admin(request);
      return platform;
    },
    { tags },
  );
  route(
    app,
    adminSettingsRoutes.getLegalInfo,
    (request, _reply, { params }) => settings.adminLegalInfo(admin(request), params.organizationId),
    { tags },
  );
  route(
    app,
    adminSettingsRoutes.updateLegalInfo,
    async (request, _reply, { params, body }) => {
      const user = admin(request);
      const legal = await settings.adminUpdateLegalInfo(user, params.organizationId, body);
      request.log.info(
        { event: 'organization.legal_info', by: user.id, organizationId: params.organizationId },
        'organisation legal info saved by an admin',
      );
      return legal;
    },
    { tags },
  );
}
