import { analyticsRoutes, hasPermission, type SessionUser } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { AnalyticsService } from './analytics.service.ts';
import { analyticsCsv } from './analytics-csv.ts';
import type { IndicatorsService } from './indicators.service.ts';

const tags = ['analytics'];

/** Staff of an organisation (or an admin), holding the SPEC 6 permission asked for. */
function requireStaff(request: FastifyRequest, permission: string): SessionUser {
  const user = requireRole(request, ['trainer']);
  if (!hasPermission(user.role, [permission])) throw new AppError('NOT_AUTHORIZED');
  return user;
}

export async function analyticsRoutesPlugin(
  app: FastifyInstance,
  options: { analytics: AnalyticsService; indicators: IndicatorsService; now: () => Date },
) {
  const { analytics, indicators } = options;

  route(
    app,
    analyticsRoutes.dashboard,
    (request) => analytics.dashboard(requireStaff(request, 'view:dashboard')),
    { tags },
  );
  route(
    app,
    analyticsRoutes.analytics,
    (request, _reply, { query }) => analytics.analytics(requireStaff(request, 'view:analytics'), query),
    { tags },
  );
  route(
    app,
    analyticsRoutes.exportAnalytics,
    async (request, reply, { query }) => {
      const { chart, ...filters } = query;
      const figures = await analytics.analytics(requireStaff(request, 'view:analytics'), filters);
      const day = options.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${chart}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(analyticsCsv(figures, chart, requestLanguage(request)));
    },
    { tags },
  );
  route(
    app,
    analyticsRoutes.indicatorSettings,
    (request) => indicators.settings(requireStaff(request, 'view:analytics')),
    { tags },
  );
  route(
    app,
    analyticsRoutes.updateIndicatorSettings,
    async (request, _reply, { body }) => {
      const user = requireStaff(request, 'manage:indicators');
      const settings = await indicators.update(user, body);
      request.log.info(
        { event: 'indicators.update', by: user.id, published: settings.isPublished },
        'results indicators saved',
      );
      return settings;
    },
    { tags },
  );
  route(
    app,
    analyticsRoutes.publicIndicators,
    (request, _reply, { params }) => indicators.publicIndicators(params.organizationId, request.ip),
    { tags },
  );
}
