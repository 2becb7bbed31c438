import { hasPermission, offlineRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { OfflinePackageService } from './offline-package.service.ts';

/** Issue 18: a learner takes a formation offline (SPEC 6's student guard, as the learning routes). */
export async function offlineRoutesPlugin(app: FastifyInstance, options: { offline: OfflinePackageService }) {
  const { offline } = options;
  route(
    app,
    offlineRoutes.getPackage,
    (request, _reply, { params }) => {
      const user = requireRole(request, ['student']);
      if (!hasPermission(user.role, ['view:courses'])) throw new AppError('NOT_AUTHORIZED');
      return offline.getPackage(user, params.courseId);
    },
    { tags: ['learning'] },
  );
}
