import {
  INDICATORS_PUBLIC_LIMIT,
  type IndicatorFigures,
  type IndicatorSettings,
  PUBLIC_INDICATORS,
  type PublicIndicator,
  type PublicIndicators,
  type SessionUser,
  type UpdateIndicatorSettingsInput,
} from '@cursus/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter } from '../../lib/rate-limit.ts';
import type { AnalyticsService } from './analytics.service.ts';
import { publishedIndicators } from './analytics.tables.ts';
import { resolvePeriod } from './analytics-period.ts';

type IndicatorRow = typeof publishedIndicators.$inferSelect;

function organizationOf(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

/** Only known indicators, each once, in the order the public page lists them. */
function ordered(indicators: readonly string[]): PublicIndicator[] {
  return PUBLIC_INDICATORS.filter((indicator) => indicators.includes(indicator));
}

function toSettings(organizationId: string, row: IndicatorRow | undefined): IndicatorSettings {
  return {
    organizationId,
    isPublished: row?.isPublished ?? false,
    indicators: ordered(row?.indicators ?? []),
    snapshot:
      row?.figures && row.periodFrom && row.periodTo && row.computedAt
        ? {
            periodFrom: row.periodFrom.toISOString(),
            periodTo: row.periodTo.toISOString(),
            computedAt: row.computedAt.toISOString(),
            figures: row.figures,
          }
        : null,
  };
}

/**
 * Results indicators (Qualiopi indicator 2): the organisation chooses which to publish; saving
 * computes the figures of the last twelve months and keeps them with their period and date, and the
 * public page shows that snapshot. It never reads the activity tables, so a visitor's request cannot
 * reach anything but aggregates the organisation saw and chose to publish.
 */
export function createIndicatorsService(deps: {
  database: Database;
  analytics: AnalyticsService;
  now: () => Date;
}) {
  const { database, analytics, now } = deps;
  const attempts = createAttemptCounter(database.service, now);

  return {
    async settings(actor: SessionUser): Promise<IndicatorSettings> {
      const organizationId = organizationOf(actor);
      const [row] = await database.withTenant(tenantOf(actor), (tx) =>
        tx.select().from(publishedIndicators).where(eq(publishedIndicators.organizationId, organizationId)),
      );
      return toSettings(organizationId, row);
    },

    async update(actor: SessionUser, input: UpdateIndicatorSettingsInput): Promise<IndicatorSettings> {
      const organizationId = organizationOf(actor);
      const at = now();
      // Named, so an admin's figures are their organisation's, not the platform's.
      const result = await analytics.analyticsOver(actor, resolvePeriod({ period: '12m' }, at), {
        organizationId,
      });
      const figures: IndicatorFigures = {
        learnersTrained: result.outcomes.learners,
        completionRate: result.outcomes.completionRate,
        dropoutRate: result.outcomes.dropoutRate,
        satisfaction: result.satisfaction,
        quizSuccessRate: result.quizzes.successRate,
        trainingHours: Math.floor(result.time.totalSeconds / 3600),
      };
      const values = {
        isPublished: input.isPublished,
        indicators: ordered(input.indicators),
        figures,
        periodFrom: new Date(result.period.from),
        periodTo: new Date(result.period.to),
        computedAt: at,
        updatedBy: actor.id,
        updatedAt: at,
      };
      const [row] = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .insert(publishedIndicators)
          .values({ organizationId, ...values })
          .onConflictDoUpdate({ target: publishedIndicators.organizationId, set: values })
          .returning(),
      );
      return toSettings(organizationId, row);
    },

    /** The public page's answer, rate limited per IP; NOT_FOUND unless the organisation publishes. */
    async publicIndicators(organizationId: string, ip: string): Promise<PublicIndicators> {
      await attempts.consume(`ip:${ip}:public-indicators`, INDICATORS_PUBLIC_LIMIT);
      const [row] = await database.service
        .select({
          indicator: publishedIndicators,
          name: sql<string>`(select o.name from organizations o where o.id = ${publishedIndicators.organizationId})`,
        })
        .from(publishedIndicators)
        .where(eq(publishedIndicators.organizationId, organizationId));
      const published = row?.indicator;
      const chosen = ordered(published?.indicators ?? []);
      if (!row || !published?.isPublished || !published.figures || chosen.length === 0)
        throw new AppError('NOT_FOUND');
      const { figures } = published;
      return {
        organizationName: row.name,
        periodFrom: published.periodFrom!.toISOString(),
        periodTo: published.periodTo!.toISOString(),
        computedAt: published.computedAt!.toISOString(),
        indicators: chosen.map(
          (key) => ({ key, value: figures[key] }) as PublicIndicators['indicators'][number],
        ),
      };
    },
  };
}

export type IndicatorsService = ReturnType<typeof createIndicatorsService>;
