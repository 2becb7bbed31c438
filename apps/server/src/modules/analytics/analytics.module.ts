import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { analyticsRoutesPlugin } from './analytics.routes.ts';
import { createAnalyticsService, type SatisfactionOf } from './analytics.service.ts';
import { createIndicatorsService } from './indicators.service.ts';
import { seedDemoAnalytics } from './seed-demo-analytics.ts';

export type { SatisfactionOf } from './analytics.service.ts';

/**
 * The organisation's figures (issue 16 points 1 and 6): the trainer dashboard, the analytics with
 * their CSV exports, and the results indicators published on a public page (Qualiopi indicator 2).
 * It reads the other domains' records in aggregate only, and writes nothing but its own settings.
 */
export function createAnalyticsModule(deps: {
  database: Database;
  now: () => Date;
  /** The evaluations module's satisfaction ratings; without it, satisfaction is not shown. */
  satisfactionOf?: SatisfactionOf;
}) {
  const { database, now } = deps;
  const service = createAnalyticsService(deps);
  const indicators = createIndicatorsService({ database, analytics: service, now });
  const routes: FastifyPluginAsync = (app) =>
    analyticsRoutesPlugin(app, { analytics: service, indicators, now });
  return {
    service,
    indicators,
    routes,
    seedDemo: (input: Parameters<typeof seedDemoAnalytics>[1]) => seedDemoAnalytics({ database }, input),
  };
}
