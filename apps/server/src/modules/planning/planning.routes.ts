import { calendarFeedIcsRoute, planningRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessOptions, route } from '../../lib/route.ts';
import { requireRole, requireUser } from '../../plugins/session.ts';
import type { PlanningService } from './planning.service.ts';

const tags = ['planning'];
const ok = { ok: true as const };

export async function planningRoutesPlugin(app: FastifyInstance, options: { planning: PlanningService }) {
  const { planning } = options;
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['trainer']);

  route(
    app,
    planningRoutes.calendar,
    (request, _reply, { query }) => planning.calendar(staff(request), query),
    { tags },
  );
  route(app, planningRoutes.filters, (request) => planning.filters(staff(request)), { tags });
  route(
    app,
    planningRoutes.reschedule,
    async (request, _reply, { params, body }) => {
      const user = staff(request);
      const session = await planning.reschedule(user, params.id, body);
      request.log.info(
        { event: 'planning.reschedule', by: user.id, sessionId: params.id },
        'group session rescheduled',
      );
      return session;
    },
    { tags },
  );
  route(app, planningRoutes.getFeed, (request) => planning.getFeed(requireUser(request)), { tags });
  route(
    app,
    planningRoutes.resetFeed,
    async (request) => {
      const user = requireUser(request);
      const feed = await planning.resetFeed(user);
      request.log.info({ event: 'planning.feed_reset', by: user.id }, 'calendar feed reset');
      return feed;
    },
    { tags },
  );
  route(
    app,
    planningRoutes.removeFeed,
    async (request) => {
      await planning.removeFeed(requireUser(request));
      return ok;
    },
    { tags },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    calendarFeedIcsRoute.path,
    {
      ...accessOptions(calendarFeedIcsRoute.access),
      schema: { tags, params: calendarFeedIcsRoute.params },
    },
    async (request, reply) => {
      const ics = await planning.feedIcs(request.params.token, request.ip);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="cursus.ics"')
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex')
        .send(ics);
    },
  );
}
