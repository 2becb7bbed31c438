import type {
  Analytics,
  AnalyticsQuerySchema,
  CourseAnalytics,
  Satisfaction,
  SessionUser,
  TrainerDashboard,
} from '@cursus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createRecentFigures } from '../../lib/recent-figures.ts';
import { type AnalyticsPeriodDays, resolvePeriod } from './analytics-period.ts';
import { readAnalytics } from './read-analytics.ts';
import { readDashboard } from './read-dashboard.ts';
import { rowsOf } from './sql-rows.ts';

/** The evaluations module's answer: satisfaction questionnaires' ratings over a period. */
export type SatisfactionOf = (
  organizationId: string,
  range: { from: Date; to: Date; courseId?: string },
) => Promise<Satisfaction>;

/**
 * How long the dashboard's and the analytics' figures are served again (lib/recent-figures.ts):
 * each sums thousands of an organisation's rows. The learners' activity shows within this time;
 * what the organisation's staff change shows at once (`forgetOnStaffChange`).
 */
export const FIGURES_FRESH_MS = 60_000;
/** Figures kept per process: an organisation's dashboard, or one of its periods' analytics. */
const KEPT_FIGURES = 1_000;
/** The scope of an admin's figures: every organisation's. */
const PLATFORM = 'platform';

/** A share of a whole, in whole percent; null when there is nothing to divide. */
export const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part * 100) / whole);

/**
 * Who the figures are about: the trainer's organisation; an admin's are every organisation's (the
 * policies let an admin read them all), their own space's dashboard being the platform's.
 */
function scopeOf(actor: SessionUser, only?: string) {
  if (only) return { organizationId: only, where: (column: SQL) => sql`${column} = ${only}` };
  if (actor.role === 'admin') return { organizationId: null, where: (_column: SQL) => sql`true` };
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  const organizationId = actor.organizationId;
  return { organizationId, where: (column: SQL) => sql`${column} = ${organizationId}` };
}

export function createAnalyticsService(deps: {
  database: Database;
  now: () => Date;
  satisfactionOf?: SatisfactionOf;
}) {
  const { database, now } = deps;
  const recent = { freshForMs: FIGURES_FRESH_MS, maxKept: KEPT_FIGURES, now };
  const recentDashboards = createRecentFigures<TrainerDashboard>(recent);
  const recentAnalytics = createRecentFigures<Analytics>(recent);

  type Figures = Awaited<ReturnType<typeof readAnalytics>>;

  async function satisfactionFor(
    actor: SessionUser,
    figures: Figures,
    courseId: string | undefined,
    only?: string,
  ): Promise<Satisfaction | null> {
    const { organizationId } = scopeOf(actor, only);
    // Ratings are an organisation's: the platform-wide view of an admin has none to show.
    if (!deps.satisfactionOf || !organizationId) return null;
    return deps.satisfactionOf(organizationId, {
      from: new Date(figures.from),
      to: new Date(figures.to),
      ...(courseId ? { courseId } : {}),
    });
  }

  function toAnalytics(
    figures: Figures,
    granularity: AnalyticsPeriodDays['granularity'],
    courseId: string | undefined,
    satisfaction: Satisfaction | null,
  ): Analytics {
    const sum = (pick: (course: CourseAnalytics) => number) =>
      figures.courses.reduce((total, course) => total + pick(course), 0);
    const enrolled = sum((course) => course.enrolled);
    const completed = sum((course) => course.completed);
    const droppedOut = sum((course) => course.droppedOut);
    const { totals } = figures;
    return {
      period: { from: figures.from, to: figures.to, granularity },
      courseId: courseId ?? null,
      enrolments: {
        total: figures.series.reduce((total, point) => total + point.enrolments, 0),
        series: figures.series.map((point) => ({ bucket: point.bucket, value: point.enrolments })),
      },
      outcomes: {
        learners: totals.cohortLearners,
        enrolled,
        completed,
        droppedOut,
        inProgress: enrolled - completed - droppedOut,
        completionRate: percent(completed, enrolled),
        dropoutRate: percent(droppedOut, enrolled),
      },
      time: {
        totalSeconds: figures.series.reduce((total, point) => total + point.seconds, 0),
        learners: totals.timeLearners,
        series: figures.series.map((point) => ({ bucket: point.bucket, value: point.seconds })),
      },
      quizzes: {
        attempts: totals.quizAttempts,
        passed: totals.quizPassed,
        successRate: percent(totals.quizPassed, totals.quizAttempts),
        averageScore: totals.averageScore,
      },
      satisfaction,
      courses: figures.courses,
    };
  }

  return {
    /** The key figures, as computed at `computedAt`: at most FIGURES_FRESH_MS ago. */
    async dashboard(actor: SessionUser): Promise<TrainerDashboard> {
      const { organizationId, where } = scopeOf(actor);
      return recentDashboards.read(organizationId ?? PLATFORM, '', () =>
        database.withTenant(tenantOf(actor), (tx) => readDashboard(tx, where, now())),
      );
    },

    /** A period's analytics, computed at most FIGURES_FRESH_MS ago (not the indicators': they recompute). */
    async analytics(actor: SessionUser, query: z.output<typeof AnalyticsQuerySchema>): Promise<Analytics> {
      const { organizationId } = scopeOf(actor);
      const days = resolvePeriod(query, now());
      const variant = [days.fromDay, days.toDay, days.granularity, query.courseId ?? ''].join(' ');
      return recentAnalytics.read(organizationId ?? PLATFORM, variant, () =>
        analyticsOver(actor, days, { courseId: query.courseId }),
      );
    },

    /**
     * An `onSend` hook of the whole app: after a change made through the API by an organisation's
     * staff (any successful request but a read, by a trainer or an admin: an import, an enrolment, a
     * formation published), the organisation's figures and the platform's are computed anew at their
     * next reading, and this before the answer leaves, so whoever made it sees it at once. An admin
     * without an organisation drops the platform's only: the trainers of an organisation an admin
     * changed see it within FIGURES_FRESH_MS, as they see their learners' activity.
     */
    async forgetOnStaffChange<Payload>(request: FastifyRequest, reply: FastifyReply, payload: Payload) {
      const user = request.sessionUser;
      const isChange = !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && reply.statusCode < 400;
      if (isChange && user && user.role !== 'student') {
        for (const figures of [recentDashboards, recentAnalytics]) {
          if (user.organizationId) figures.forget(user.organizationId);
          figures.forget(PLATFORM);
        }
      }
      return payload;
    },

    analyticsOver,
  };

  /**
   * The analytics of these days, for one formation or all of them; for one organisation when named
   * (an admin's are otherwise the platform's).
   */
  async function analyticsOver(
    actor: SessionUser,
    days: AnalyticsPeriodDays,
    options: { courseId?: string; organizationId?: string } = {},
  ): Promise<Analytics> {
    const { courseId, organizationId } = options;
    const at = now();
    const { where } = scopeOf(actor, organizationId);
    const figures = await database.withTenant(tenantOf(actor), async (tx) => {
      if (courseId) await requireCourse(tx, actor, courseId);
      return readAnalytics(tx, where, days, courseId, at);
    });
    const satisfaction = await satisfactionFor(actor, figures, courseId, organizationId);
    return toAnalytics(figures, days.granularity, courseId, satisfaction);
  }

  /** A formation the actor may read (the policies hide another organisation's). */
  async function requireCourse(tx: Tx, actor: SessionUser, courseId: string) {
    const { where } = scopeOf(actor);
    const [course] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select c.id from courses c where c.id = ${courseId} and ${where(sql`c.organization_id`)}`,
      ),
    );
    if (!course) throw new AppError('TRAINING_NOT_FOUND');
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
