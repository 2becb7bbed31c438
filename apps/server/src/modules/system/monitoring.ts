import {
  ERROR_SEVERITIES,
  type LogSeverity,
  MONITORING,
  MONITORING_ALERT_TYPES,
  type MonitoringAlertType,
} from '@cursus/contracts';
import { and, count, desc, eq, gt, inArray, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import { type ResponseTimes, summarizeResponseTimes } from './response-times.ts';
import { responseTimeMinutes, systemAlerts, systemLogs, systemMonitoringRuns } from './system.tables.ts';

export const MONITORING_JOB = 'system-monitoring';
/** The job's own history and the minutes it reads are kept this long. */
const RUNS_KEPT_MS = 7 * 24 * 60 * 60_000;
const MINUTES_KEPT_MS = 24 * 60 * 60_000;

interface Candidate {
  alertType: MonitoringAlertType;
  severity: LogSeverity;
  title: string;
  message: string;
  metadata: Record<string, unknown>;
}

/**
 * SPEC 9 monitoring, every 5 minutes, as cursus_jobs (ADR 004): errors of the last hour (severity
 * high or critical), critical errors since the previous run, and the p95 response time since then,
 * against the MONITORING thresholds. An alert is not raised again while one of its type is still
 * unresolved: an admin resolving it re-arms it.
 */
export function createMonitoringJob(options: { jobs: Db; responseTimes: ResponseTimes }) {
  const { jobs } = options;

  async function samples(where: ReturnType<typeof and>) {
    return jobs
      .select({
        id: systemLogs.id,
        message: systemLogs.message,
        severity: systemLogs.severity,
        category: systemLogs.category,
        createdAt: systemLogs.createdAt,
      })
      .from(systemLogs)
      .where(where)
      .orderBy(desc(systemLogs.createdAt))
      .limit(MONITORING.maxSamples);
  }

  async function run(at: Date) {
    // This instance's current minute too, so the run sees its own latest requests.
    await options.responseTimes.flush();
    const [previous] = await jobs
      .select({ ranAt: systemMonitoringRuns.ranAt })
      .from(systemMonitoringRuns)
      .where(lt(systemMonitoringRuns.ranAt, at))
      .orderBy(desc(systemMonitoringRuns.ranAt))
      .limit(1);
    const hourAgo = new Date(at.getTime() - MONITORING.errorWindowMs);
    // Since the previous run (after a pause, at most the last hour), or one interval on the first.
    const since = new Date(
      Math.max(previous?.ranAt.getTime() ?? at.getTime() - MONITORING.intervalMs, hourAgo.getTime()),
    );

    const errorsInHour = and(
      inArray(systemLogs.severity, [...ERROR_SEVERITIES]),
      gt(systemLogs.createdAt, hourAgo),
      lte(systemLogs.createdAt, at),
    );
    const newCritical = and(
      eq(systemLogs.severity, 'critical'),
      gt(systemLogs.createdAt, since),
      lte(systemLogs.createdAt, at),
    );
    const [[errors], [critical], responses] = await Promise.all([
      jobs.select({ value: count() }).from(systemLogs).where(errorsInHour),
      jobs.select({ value: count() }).from(systemLogs).where(newCritical),
      summarizeResponseTimes(jobs, since, at),
    ]);
    const errorCount = errors?.value ?? 0;
    const criticalCount = critical?.value ?? 0;

    const candidates: Candidate[] = [];
    if (errorCount > MONITORING.errorAlertAbove) {
      const isCritical = errorCount > MONITORING.errorCriticalAbove;
      candidates.push({
        alertType: isCritical ? 'error_rate_critical' : 'error_rate',
        severity: isCritical ? 'critical' : 'high',
        title: isCritical ? 'Taux d’erreurs critique' : 'Taux d’erreurs élevé',
        message: `${errorCount} erreurs (gravité haute ou critique) dans la dernière heure, seuil ${
          isCritical ? MONITORING.errorCriticalAbove : MONITORING.errorAlertAbove
        }.`,
        metadata: {
          errorCount,
          threshold: isCritical ? MONITORING.errorCriticalAbove : MONITORING.errorAlertAbove,
          windowMinutes: MONITORING.errorWindowMs / 60_000,
          samples: await samples(errorsInHour),
        },
      });
    }
    if (criticalCount > 0)
      candidates.push({
        alertType: 'critical_error',
        severity: 'critical',
        title: 'Erreur critique',
        message: `${criticalCount} erreur(s) critique(s) depuis le dernier contrôle.`,
        metadata: { criticalCount, since: since.toISOString(), samples: await samples(newCritical) },
      });
    const p95 = responses.p95Ms;
    if (p95 !== null && p95 > MONITORING.slowResponseMs) {
      const isVerySlow = p95 > MONITORING.verySlowResponseMs;
      const threshold = isVerySlow ? MONITORING.verySlowResponseMs : MONITORING.slowResponseMs;
      candidates.push({
        alertType: isVerySlow ? 'very_slow_responses' : 'slow_responses',
        severity: isVerySlow ? 'high' : 'medium',
        title: isVerySlow ? 'Temps de réponse très lents' : 'Temps de réponse lents',
        message: `95 % des ${responses.requestCount} requêtes répondues en ${p95} ms au plus, seuil ${threshold} ms.`,
        metadata: { p95Ms: p95, maxMs: responses.maxMs, requestCount: responses.requestCount, threshold },
      });
    }

    const open = new Set(
      (
        await jobs
          .selectDistinct({ alertType: systemAlerts.alertType })
          .from(systemAlerts)
          .where(
            and(
              eq(systemAlerts.isResolved, false),
              inArray(systemAlerts.alertType, [...MONITORING_ALERT_TYPES]),
            ),
          )
      ).map((row) => row.alertType),
    );
    const raised = candidates.filter((candidate) => !open.has(candidate.alertType));
    if (raised.length > 0)
      await jobs
        .insert(systemAlerts)
        .values(raised.map((candidate) => ({ ...candidate, source: 'monitoring', createdAt: at })));

    await jobs.insert(systemMonitoringRuns).values({
      ranAt: at,
      errorCount,
      criticalCount,
      requestCount: responses.requestCount,
      p95Ms: p95,
      alertTypes: raised.map((candidate) => candidate.alertType),
    });
    await jobs
      .delete(systemMonitoringRuns)
      .where(lt(systemMonitoringRuns.ranAt, new Date(at.getTime() - RUNS_KEPT_MS)));
    await jobs
      .delete(responseTimeMinutes)
      .where(lt(responseTimeMinutes.minute, new Date(at.getTime() - MINUTES_KEPT_MS)));
    return { errorCount, criticalCount, responses, raised: raised.map((candidate) => candidate.alertType) };
  }

  return { name: MONITORING_JOB, intervalMs: MONITORING.intervalMs, run } satisfies ScheduledJob;
}
