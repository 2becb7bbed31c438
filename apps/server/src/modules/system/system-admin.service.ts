import {
  ERROR_SEVERITIES,
  LOG_PERIOD_MS,
  type LogPeriod,
  type LogSeverity,
  MONITORING,
  type MonitoringStatus,
  type NotFoundList,
  type NotFoundListQuery,
  type ResolveAlertsInput,
  type SessionUser,
  type SystemAlertList,
  type SystemAlertListQuery,
  type SystemLogList,
  type SystemLogListQuery,
  type SystemLogSummary,
  type SystemLogSummaryQuery,
} from '@cursus/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { AuditService } from '../audit/audit.module.ts';
import { MONITORING_JOB } from './monitoring.ts';
import type { ResponseTimes } from './response-times.ts';
import { jobRuns, notFoundErrors, systemAlerts, systemLogs, systemMonitoringRuns } from './system.tables.ts';
import { checkHealth, type HealthSources, jobStatus } from './system-health.ts';

const HOUR_MS = 60 * 60_000;
/** The monitoring screen shows this many of the job's latest runs. */
const MONITORING_RUNS_SHOWN = 12;

const iso = (value: Date | null) => value?.toISOString() ?? null;

function logFilters(query: SystemLogSummaryQuery & { severity?: LogSeverity }, at: Date): SQL | undefined {
  const period: LogPeriod = query.period ?? '24h';
  return and(
    gt(systemLogs.createdAt, new Date(at.getTime() - LOG_PERIOD_MS[period])),
    query.severity ? eq(systemLogs.severity, query.severity) : undefined,
    query.category ? eq(systemLogs.category, query.category) : undefined,
    query.organizationId ? eq(systemLogs.organizationId, query.organizationId) : undefined,
    query.search ? ilike(systemLogs.message, containsPattern(query.search)) : undefined,
  );
}

/** The admins' reading of logs and alerts, the alerts' resolution, the monitoring job and health. */
export function createSystemAdminService(deps: {
  database: Database;
  now: () => Date;
  smtp: boolean;
  dataDir: string;
  responseTimes: ResponseTimes;
  audit: Pick<AuditService, 'record'>;
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
}) {
  const { database, now } = deps;
  const asAdmin = <T>(actor: SessionUser, work: (tx: Tx) => Promise<T>) =>
    database.withTenant(tenantOf(actor), work);

  return {
    listLogs(actor: SessionUser, query: SystemLogListQuery & { page: number; pageSize: number }) {
      const where = logFilters(query, now());
      return asAdmin(actor, async (tx): Promise<SystemLogList> => {
        const page = await readPage(
          query,
          tx.select({ total: count() }).from(systemLogs).where(where),
          tx
            .select()
            .from(systemLogs)
            .where(where)
            .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
            .$dynamic(),
          (row) => row,
        );
        const names = await deps.organizationNames(
          tx,
          page.items.flatMap((row) => (row.organizationId ? [row.organizationId] : [])),
        );
        return {
          ...page,
          items: page.items.map((row) => ({
            id: row.id,
            message: row.message,
            stack: row.stack,
            category: row.category,
            severity: row.severity as LogSeverity,
            organizationId: row.organizationId,
            organizationName: row.organizationId ? (names.get(row.organizationId) ?? null) : null,
            userId: row.userId,
            userRole: row.userRole,
            url: row.url,
            componentName: row.componentName,
            userAgent: row.userAgent,
            metadata: row.metadata,
            createdAt: row.createdAt.toISOString(),
          })),
        };
      });
    },

    summarizeLogs(actor: SessionUser, query: SystemLogSummaryQuery): Promise<SystemLogSummary> {
      const at = now();
      const where = logFilters(query, at);
      const hour = sql<Date>`date_trunc('hour', ${systemLogs.createdAt}, 'UTC')`;
      return asAdmin(actor, async (tx) => {
        // The choices ignore their own filter (picking a category still offers the others), both in
        // one statement: with the chart's and the names', the page's three.
        const categoryWhere = logFilters({ ...query, category: undefined }, at) ?? sql`true`;
        const organizationWhere = logFilters({ ...query, organizationId: undefined }, at) ?? sql`true`;
        const [perHour, facets] = await Promise.all([
          tx
            .select({
              hour,
              errors:
                sql<number>`count(*) filter (where ${inArray(systemLogs.severity, [...ERROR_SEVERITIES])})`.mapWith(
                  Number,
                ),
              critical: sql<number>`count(*) filter (where ${eq(systemLogs.severity, 'critical')})`.mapWith(
                Number,
              ),
            })
            .from(systemLogs)
            .where(where)
            .groupBy(hour),
          tx.execute(
            sql`select (select array_agg(distinct ${systemLogs.category} order by ${systemLogs.category}) from ${systemLogs} where ${categoryWhere}) as categories, (select array_agg(distinct ${systemLogs.organizationId}::text) from ${systemLogs} where ${organizationWhere} and ${systemLogs.organizationId} is not null) as organization_ids`,
          ),
        ]);
        // Both drivers answer `{ rows }`; Drizzle types it per driver.
        const [choices] = (
          facets as unknown as { rows: { categories: string[] | null; organization_ids: string[] | null }[] }
        ).rows;
        const names = await deps.organizationNames(tx, choices?.organization_ids ?? []);
        // Every hour of the period, those without a log at zero, so the chart's axis is time.
        const counted = new Map(perHour.map((row) => [new Date(row.hour).getTime(), row]));
        const first = Math.floor((at.getTime() - LOG_PERIOD_MS[query.period ?? '24h']) / HOUR_MS) * HOUR_MS;
        const hours: SystemLogSummary['hours'] = [];
        for (let time = first; time <= at.getTime(); time += HOUR_MS) {
          const row = counted.get(time);
          hours.push({
            hour: new Date(time).toISOString(),
            errors: row?.errors ?? 0,
            critical: row?.critical ?? 0,
          });
        }
        return {
          hours,
          categories: choices?.categories ?? [],
          organizations: [...names]
            .map(([id, name]) => ({ id, name }))
            .sort((left, right) => left.name.localeCompare(right.name, 'fr')),
        };
      });
    },

    listNotFound(
      actor: SessionUser,
      query: NotFoundListQuery & { page: number; pageSize: number },
    ): Promise<NotFoundList> {
      const where = and(
        gt(notFoundErrors.timestamp, new Date(now().getTime() - LOG_PERIOD_MS[query.period ?? '24h'])),
        query.search ? ilike(notFoundErrors.path, containsPattern(query.search)) : undefined,
      );
      return asAdmin(actor, (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(notFoundErrors).where(where),
          tx
            .select()
            .from(notFoundErrors)
            .where(where)
            .orderBy(desc(notFoundErrors.timestamp), desc(notFoundErrors.id))
            .$dynamic(),
          (row) => ({
            id: row.id,
            path: row.path,
            referrer: row.referrer,
            userRole: row.userRole,
            userAgent: row.userAgent,
            errorMessage: row.errorMessage,
            createdAt: row.timestamp.toISOString(),
          }),
        ),
      );
    },

    listAlerts(actor: SessionUser, query: SystemAlertListQuery & { page: number; pageSize: number }) {
      const where = and(
        query.status === 'unresolved' ? eq(systemAlerts.isResolved, false) : undefined,
        query.status === 'resolved' ? eq(systemAlerts.isResolved, true) : undefined,
        query.severity ? eq(systemAlerts.severity, query.severity) : undefined,
      );
      return asAdmin(actor, async (tx): Promise<SystemAlertList> => {
        // The unresolved count, whatever the filters, in the same statement as the list's.
        const [counted] = await tx
          .select({
            total: count(),
            unresolvedTotal:
              sql<number>`(select count(*) from ${systemAlerts} where ${systemAlerts.isResolved} = false)`.mapWith(
                Number,
              ),
          })
          .from(systemAlerts)
          .where(where);
        const page = await readPage(
          query,
          Promise.resolve([{ total: counted?.total ?? 0 }]),
          tx
            .select()
            .from(systemAlerts)
            .where(where)
            .orderBy(asc(systemAlerts.isResolved), desc(systemAlerts.createdAt), desc(systemAlerts.id))
            .$dynamic(),
          (row) => row,
        );
        const names = await deps.organizationNames(
          tx,
          page.items.flatMap((row) => (row.organizationId ? [row.organizationId] : [])),
        );
        return {
          ...page,
          unresolvedTotal: counted?.unresolvedTotal ?? 0,
          items: page.items.map((row) => ({
            id: row.id,
            alertType: row.alertType,
            severity: row.severity as LogSeverity,
            title: row.title,
            message: row.message,
            source: row.source,
            organizationId: row.organizationId,
            organizationName: row.organizationId ? (names.get(row.organizationId) ?? null) : null,
            metadata: row.metadata,
            isResolved: row.isResolved,
            resolvedAt: iso(row.resolvedAt),
            createdAt: row.createdAt.toISOString(),
          })),
        };
      });
    },

    /** Marks the alerts resolved (those already resolved are left as they were), recorded for audit. */
    resolveAlerts(actor: SessionUser, input: ResolveAlertsInput) {
      return asAdmin(actor, async (tx) => {
        const resolved = await tx
          .update(systemAlerts)
          .set({ isResolved: true, resolvedAt: now() })
          .where(and(inArray(systemAlerts.id, input.ids), eq(systemAlerts.isResolved, false)))
          .returning({ id: systemAlerts.id, alertType: systemAlerts.alertType });
        if (resolved.length > 0)
          await deps.audit.record(
            actor,
            {
              action: 'system_alert.resolve',
              organizationId: null,
              targetType: 'system_alert',
              targetId: resolved.length === 1 ? resolved[0]!.id : null,
              summary:
                resolved.length === 1
                  ? `Alerte système « ${resolved[0]!.alertType} » résolue`
                  : `${resolved.length} alertes système résolues`,
              details: {
                alertType: resolved[0]!.alertType,
                count: resolved.length,
                ids: resolved.map((row) => row.id),
              },
            },
            tx,
          );
        return { resolved: resolved.length };
      });
    },

    monitoringStatus(actor: SessionUser): Promise<MonitoringStatus> {
      return asAdmin(actor, async (tx) => {
        const [[row], runs] = await Promise.all([
          tx.select().from(jobRuns).where(eq(jobRuns.name, MONITORING_JOB)),
          tx
            .select()
            .from(systemMonitoringRuns)
            .orderBy(desc(systemMonitoringRuns.ranAt))
            .limit(MONITORING_RUNS_SHOWN),
        ]);
        return {
          job: jobStatus({ name: MONITORING_JOB, intervalMs: MONITORING.intervalMs }, row),
          runs: runs.map((run) => ({
            id: run.id,
            ranAt: run.ranAt.toISOString(),
            errorCount: run.errorCount,
            criticalCount: run.criticalCount,
            requestCount: run.requestCount,
            p95Ms: run.p95Ms,
            alertTypes: run.alertTypes,
          })),
        };
      });
    },

    /** `/admin/health`: every check, run now (system-health.ts). */
    health: (actor: SessionUser, sources: HealthSources) =>
      checkHealth({ ...deps, asAdmin: (work) => asAdmin(actor, work) }, sources),
  };
}

export type SystemAdminService = ReturnType<typeof createSystemAdminService>;
