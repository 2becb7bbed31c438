import { achievementRoutes, hasPermission, type SessionUser } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { AchievementsServiceImpl } from './achievements.service.ts';

const tags = ['achievements'];
const ok = { ok: true as const };

/** Badges are defined by the organisation's staff (SPEC 6 'manage:' for trainers). */
function requireBadgeStaff(request: FastifyRequest): SessionUser {
  const user = requireRole(request, ['trainer']);
  if (!hasPermission(user.role, ['manage:badges'])) throw new AppError('NOT_AUTHORIZED');
  if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
  return user;
}

export async function achievementRoutesPlugin(
  app: FastifyInstance,
  options: { achievements: AchievementsServiceImpl },
) {
  const { achievements } = options;

  route(
    app,
    achievementRoutes.mine,
    (request) => {
      const user = requireRole(request, ['student']);
      if (!hasPermission(user.role, ['view:progression'])) throw new AppError('NOT_AUTHORIZED');
      return achievements.mine(user);
    },
    { tags },
  );
  route(
    app,
    achievementRoutes.listBadges,
    async (request) => ({ items: await achievements.listBadges(requireBadgeStaff(request)) }),
    { tags },
  );
  route(
    app,
    achievementRoutes.createBadge,
    async (request, _reply, { body }) => {
      const user = requireBadgeStaff(request);
      const badge = await achievements.createBadge(user, body);
      request.log.info({ event: 'badge.create', by: user.id, badgeId: badge.id }, 'badge created');
      return badge;
    },
    { tags },
  );
  route(
    app,
    achievementRoutes.updateBadge,
    (request, _reply, { params, body }) =>
      achievements.updateBadge(requireBadgeStaff(request), params.id, body),
    { tags },
  );
  route(
    app,
    achievementRoutes.deleteBadge,
    async (request, _reply, { params }) => {
      const user = requireBadgeStaff(request);
      await achievements.deleteBadge(user, params.id);
      request.log.info({ event: 'badge.delete', by: user.id, badgeId: params.id }, 'badge deleted');
      return ok;
    },
    { tags },
  );
}
