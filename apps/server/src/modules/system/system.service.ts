import type {
  GuideFeedbackInput,
  LogSeverity,
  ReportLogsInput,
  ReportNotFoundInput,
  SessionUser,
} from '@cursus/contracts';
import { and, desc, eq, gte, inArray, lt, lte, type Placeholder, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type Database, type TenantContext, tenantOf } from '../../db/client.ts';
import { createAttemptCounter } from '../../lib/rate-limit.ts';
import {
  guideFeedback,
  jobRuns,
  notFoundErrors,
  signInLogs,
  systemAlerts,
  systemLogs,
} from './system.tables.ts';

/** A log line written by the server itself (jobs, services), not reported by a browser. */
export interface ServerLog {
  message: string;
  category: string;
  severity: LogSeverity;
  userId?: string | null;
  userRole?: string | null;
  organizationId?: string | null;
  url?: string;
  metadata?: Record<string, unknown>;
}

/** SPEC 3 system_alerts row. */
export interface NewAlert {
  alertType: string;
  severity: LogSeverity;
  title: string;
  message: string;
  source: string;
  organizationId?: string | null;
  metadata?: Record<string, unknown>;
}

/** A sign-in as signInsFragments.newest gives it (`at` as PostgreSQL writes a timestamp in JSON). */
export interface SignInJson {
  at: string;
  userAgent: string | null;
  ipAddress: string | null;
}

export interface SignInFilter {
  /** The users' ids, or a subquery selecting them (a whole scope, counted in the database). */
  userIds?: string[] | SQLWrapper;
  /** One user, as a column of the caller's statement (signInsFragments, per row). */
  userId?: SQLWrapper;
  /** The organisation and the dates may be placeholders, in a statement built once (db/reusable.ts). */
  organizationId?: string | Placeholder | null;
  from?: Date | Placeholder;
  to?: Date | Placeholder;
}

function signInsWhere(filter: SignInFilter) {
  return and(
    filter.userIds ? inArray(signInLogs.userId, filter.userIds) : undefined,
    filter.userId ? eq(signInLogs.userId, filter.userId) : undefined,
    filter.organizationId ? eq(signInLogs.organizationId, filter.organizationId) : undefined,
    filter.from ? gte(signInLogs.createdAt, filter.from) : undefined,
    filter.to ? lt(signInLogs.createdAt, filter.to) : undefined,
  );
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
// Anyone can report, so reports are capped: otherwise these tables are a free place to fill a disk.
const REPORT_LIMITS = {
  notFoundPerIp: { max: 60, windowMs: FIFTEEN_MINUTES },
  logBatchesPerUser: { max: 120, windowMs: FIFTEEN_MINUTES },
  guideFeedbackPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
};

export function createSystemService(options: { database: Database; now?: () => Date }) {
  const { database } = options;
  // Records written outside a tenant run as cursus_service; the jobs' bookkeeping as cursus_jobs.
  const { service, jobs } = database;
  const attempts = createAttemptCounter(service, options.now ?? (() => new Date()));

  return {
    async recordNotFound(
      input: ReportNotFoundInput,
      context: { user: SessionUser | null; ip: string; userAgent?: string },
    ) {
      const key = `ip:${context.ip}:not-found`;
      await attempts.consume(key, REPORT_LIMITS.notFoundPerIp);
      const row = {
        path: input.path,
        referrer: input.referrer,
        errorMessage: input.errorMessage,
        errorStack: input.errorStack,
        userId: context.user?.id ?? null,
        userRole: context.user?.role ?? null,
        userAgent: context.userAgent,
      };
      const { user } = context;
      if (!user) {
        // A visitor has no tenant; the row carries no user, so there is nothing to isolate.
        await service.insert(notFoundErrors).values(row);
        return;
      }
      await database.withTenant(tenantOf(user), (tx) => tx.insert(notFoundErrors).values(row));
    },

    /** Outside any tenant: visitors answer too, and the table holds nothing of an organisation. */
    async recordGuideFeedback(input: GuideFeedbackInput, context: { user: SessionUser | null; ip: string }) {
      const key = `ip:${context.ip}:guide-feedback`;
      await attempts.consume(key, REPORT_LIMITS.guideFeedbackPerIp);
      await service.insert(guideFeedback).values({ ...input, userId: context.user?.id ?? null });
    },

    async recordLogs(input: ReportLogsInput, context: { user: SessionUser; userAgent?: string }) {
      const { user } = context;
      const key = `user:${user.id}:logs`;
      await attempts.consume(key, REPORT_LIMITS.logBatchesPerUser);
      await database.withTenant(tenantOf(user), (tx) =>
        tx.insert(systemLogs).values(
          input.entries.map((entry) => ({
            ...entry,
            organizationId: user.organizationId,
            userId: user.id,
            userRole: user.role,
            userAgent: context.userAgent,
          })),
        ),
      );
    },

    /** Outside any tenant: jobs and services log for someone other than the caller. */
    async recordServerLog(log: ServerLog) {
      await service.insert(systemLogs).values({ ...log, componentName: 'server' });
    },

    async raiseAlert(alert: NewAlert) {
      const [row] = await service.insert(systemAlerts).values(alert).returning();
      return row!;
    },

    /** One row per successful sign-in, kept for the connection logs an auditor reads. */
    async recordSignIn(user: SessionUser, context: { ip: string; userAgent?: string }) {
      await service.insert(signInLogs).values({
        userId: user.id,
        userRole: user.role,
        organizationId: user.organizationId,
        ipAddress: context.ip,
        userAgent: context.userAgent,
      });
    },

    /**
     * Sign-ins (row-level security: staff of the organisation, admins), newest first, of the users
     * named or of one organisation (all, for an admin naming neither); with `perUser`, only each
     * user's newest ones.
     */
    async listSignIns(tenant: TenantContext, filter: SignInFilter, options: { perUser?: number } = {}) {
      if (Array.isArray(filter.userIds) && filter.userIds.length === 0) return [];
      return database.withTenant(tenant, (tx) => {
        const ranked = tx
          .select({
            id: signInLogs.id,
            userId: signInLogs.userId,
            at: signInLogs.createdAt,
            userAgent: signInLogs.userAgent,
            ipAddress: signInLogs.ipAddress,
            rank: sql<number>`row_number() over (partition by ${signInLogs.userId} order by ${signInLogs.createdAt} desc, ${signInLogs.id} desc)`.as(
              'rank',
            ),
          })
          .from(signInLogs)
          .where(signInsWhere(filter))
          .as('ranked');
        return tx
          .select({
            userId: ranked.userId,
            at: ranked.at,
            userAgent: ranked.userAgent,
            ipAddress: ranked.ipAddress,
          })
          .from(ranked)
          .where(options.perUser ? lte(ranked.rank, options.perUser) : undefined)
          .orderBy(desc(ranked.at), desc(ranked.id));
      });
    },

    /**
     * Sign-ins as parts of another module's statement, which runs them in its own transaction (so
     * under its tenant's policies): the connection logs read a page in one statement (issue 12).
     */
    signInsFragments: {
      /** How many sign-ins the filter matches. */
      count: (filter: SignInFilter) =>
        sql<number>`(select count(*)::int from ${signInLogs} where ${signInsWhere(filter)})`,
      /** How many sign-ins the filter matches per user, as a subquery: `{ userId, signInCount }`. */
      countPerUser: (filter: SignInFilter) =>
        new QueryBuilder()
          .select({
            userId: signInLogs.userId,
            signInCount: sql<number>`count(*)::int`.as('sign_in_count'),
          })
          .from(signInLogs)
          .where(signInsWhere(filter))
          .groupBy(signInLogs.userId),
      /** A JSON array of the filter's newest sign-ins, at most `limit`: {at, userAgent, ipAddress}. */
      newest: (filter: SignInFilter, limit: number) =>
        sql<
          SignInJson[] | null
        >`(select json_agg(json_build_object('at', newest.created_at, 'userAgent', newest.user_agent, 'ipAddress', newest.ip_address) order by newest.created_at desc, newest.id desc) from (select ${signInLogs.id}, ${signInLogs.createdAt}, ${signInLogs.userAgent}, ${signInLogs.ipAddress} from ${signInLogs} where ${signInsWhere(filter)} order by ${signInLogs.createdAt} desc, ${signInLogs.id} desc limit ${limit}) newest)`,
    },

    /**
     * Claims a run of `name` when its last one started `intervalMs` ago or more (or never ran):
     * one atomic statement, so two instances or a restart cannot both run it (ADR 004).
     */
    /**
     * `at` undefined (production): the database's clock decides, so instances whose clocks disagree
     * still agree on who runs. `at` given: an injected clock (tests, TEST_CLOCK) decides instead.
     */
    async claimJobRun(name: string, at: Date | undefined, intervalMs: number): Promise<boolean> {
      await jobs
        .insert(jobRuns)
        .values({ name, lastRunAt: new Date(0) })
        .onConflictDoNothing();
      const dueBefore = at
        ? new Date(at.getTime() - intervalMs)
        : sql<Date>`now() - ${intervalMs}::double precision * interval '1 millisecond'`;
      const claimed = await jobs
        .update(jobRuns)
        .set({ lastRunAt: at ?? sql`now()`, finishedAt: null, lastError: null })
        .where(and(eq(jobRuns.name, name), lte(jobRuns.lastRunAt, dueBefore)))
        .returning({ name: jobRuns.name });
      return claimed.length > 0;
    },

    async finishJobRun(name: string, at: Date | undefined, error?: string) {
      await jobs
        .update(jobRuns)
        .set({ finishedAt: at ?? sql`now()`, lastError: error ?? null })
        .where(eq(jobRuns.name, name));
    },

    async lastJobRun(name: string) {
      const [row] = await jobs.select().from(jobRuns).where(eq(jobRuns.name, name));
      return row ?? null;
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
