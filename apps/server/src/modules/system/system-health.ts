import { statfs } from 'node:fs/promises';
import {
  HEALTH_STATUSES,
  type HealthStatus,
  type JobStatus,
  MONITORING,
  type SystemHealth,
} from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import { type ResponseTimes, summarizeResponseTimes } from './response-times.ts';
import { jobRuns } from './system.tables.ts';

/** What the health page needs from outside this module, handed over by app.ts. */
export interface HealthSources {
  /** Every scheduled job, as the scheduler runs them. */
  jobs: readonly Pick<ScheduledJob, 'name' | 'intervalMs'>[];
  /** The email outbox's counts (email module). */
  outboxStatus(at: Date): Promise<{ pending: number; oldestPendingAt: Date | null; failedLastDay: number }>;
  /** Writes, reads back and removes a small object (files module). */
  probeStorage(): Promise<void>;
  storageKind: 'local' | 's3';
}

const HOUR_MS = 60 * 60_000;
/** Beyond these the health page turns amber (red past the second figure where there is one). */
const HEALTH_LIMITS = {
  databaseSlowMs: 250,
  storageSlowMs: 1000,
  /** A pending email older than this: the sender is stuck or SMTP is down. */
  mailBacklogMs: 15 * 60_000,
  diskWarningFreeRatio: 0.1,
  diskFailingFreeRatio: 0.05,
  /** The scheduler ticks every minute: a job is late once it missed a run and a tick. */
  schedulerTickMs: 60_000,
};

const iso = (value: Date | null) => value?.toISOString() ?? null;
const worst = (statuses: HealthStatus[]): HealthStatus =>
  statuses.reduce<HealthStatus>(
    (current, status) =>
      HEALTH_STATUSES.indexOf(status) > HEALTH_STATUSES.indexOf(current) ? status : current,
    'ok',
  );

/** A run claimed for the first time is stored with the epoch as its last run (claimJobRun). */
const hasRun = (lastRunAt: Date | undefined): lastRunAt is Date =>
  Boolean(lastRunAt && lastRunAt.getTime() > 0);

export function jobStatus(
  job: Pick<ScheduledJob, 'name' | 'intervalMs'>,
  row: typeof jobRuns.$inferSelect | undefined,
): JobStatus {
  const lastRunAt = hasRun(row?.lastRunAt) ? row.lastRunAt : null;
  return {
    name: job.name,
    intervalMs: job.intervalMs,
    lastRunAt: iso(lastRunAt),
    finishedAt: lastRunAt ? iso(row?.finishedAt ?? null) : null,
    lastError: row?.lastError ?? null,
    nextDueAt: lastRunAt ? new Date(lastRunAt.getTime() + job.intervalMs).toISOString() : null,
  };
}

/**
 * `/admin/health`: each part of the platform green, amber or red with the reason, checked now
 * (docs/operations.md, "Monitoring"). Admin reads run in `asAdmin`, the caller's tenant transaction.
 */
export async function checkHealth(
  deps: {
    database: Pick<Database, 'ping'>;
    now: () => Date;
    smtp: boolean;
    dataDir: string;
    responseTimes: ResponseTimes;
    asAdmin: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  },
  sources: HealthSources,
): Promise<SystemHealth> {
  const { now, asAdmin } = deps;
  const at = now();
  const [database, jobs, mail, storage, disk, responses] = await Promise.all([
    checkDatabase(),
    checkJobs(),
    checkMail(),
    checkStorage(),
    checkDisk(),
    checkResponses(),
  ]);
  return { checkedAt: at.toISOString(), database, jobs, mail, storage, disk, responses };

  async function checkDatabase(): Promise<SystemHealth['database']> {
    const started = performance.now();
    try {
      await deps.database.ping();
    } catch {
      return { status: 'failing', reason: 'unreachable', latencyMs: null, sizeBytes: null };
    }
    const latencyMs = Math.round(performance.now() - started);
    const result = await asAdmin((tx) =>
      tx.execute(sql`select pg_database_size(current_database())::text as bytes`),
    );
    // Both drivers answer `{ rows }`; Drizzle types it per driver.
    const [size] = (result as unknown as { rows: { bytes: string }[] }).rows;
    const slow = latencyMs > HEALTH_LIMITS.databaseSlowMs;
    return {
      status: slow ? 'warning' : 'ok',
      reason: slow ? 'slow' : 'ok',
      latencyMs,
      sizeBytes: size ? Number(size.bytes) : null,
    };
  }

  async function checkJobs(): Promise<SystemHealth['jobs']> {
    const rows = await asAdmin((tx) => tx.select().from(jobRuns));
    const byName = new Map(rows.map((row) => [row.name, row]));
    const items = sources.jobs.map((job) => {
      const status = jobStatus(job, byName.get(job.name));
      const late =
        status.lastRunAt !== null &&
        Date.parse(status.lastRunAt) + 2 * job.intervalMs + HEALTH_LIMITS.schedulerTickMs < at.getTime();
      const health: HealthStatus = status.lastError
        ? 'failing'
        : late || !status.lastRunAt
          ? 'warning'
          : 'ok';
      return {
        ...status,
        status: health,
        reason: status.lastError ? 'failed' : !status.lastRunAt ? 'never_run' : late ? 'overdue' : 'ok',
      };
    });
    const overall = worst(items.map((item) => item.status));
    const reason = (['failed', 'overdue', 'never_run'] as const).find((candidate) =>
      items.some((item) => item.reason === candidate),
    );
    return {
      status: overall,
      reason: reason ?? 'ok',
      items: items.map(({ reason: _reason, ...item }) => item),
    };
  }

  async function checkMail(): Promise<SystemHealth['mail']> {
    const outbox = await sources.outboxStatus(at);
    const isStuck =
      deps.smtp &&
      outbox.oldestPendingAt !== null &&
      at.getTime() - outbox.oldestPendingAt.getTime() > HEALTH_LIMITS.mailBacklogMs;
    const figures = {
      mode: deps.smtp ? ('smtp' as const) : ('log' as const),
      pending: outbox.pending,
      oldestPendingAt: iso(outbox.oldestPendingAt),
      failedLastDay: outbox.failedLastDay,
    };
    if (outbox.failedLastDay > 0) return { status: 'failing', reason: 'failures', ...figures };
    if (isStuck) return { status: 'warning', reason: 'backlog', ...figures };
    // Without SMTP nothing reaches anyone: right in development, a problem in production.
    if (!deps.smtp) return { status: 'warning', reason: 'logging', ...figures };
    return { status: 'ok', reason: 'ok', ...figures };
  }

  async function checkStorage(): Promise<SystemHealth['storage']> {
    const started = performance.now();
    try {
      await sources.probeStorage();
    } catch {
      return { status: 'failing', reason: 'unreachable', kind: sources.storageKind, latencyMs: null };
    }
    const latencyMs = Math.round(performance.now() - started);
    const slow = latencyMs > HEALTH_LIMITS.storageSlowMs;
    return {
      status: slow ? 'warning' : 'ok',
      reason: slow ? 'slow' : 'ok',
      kind: sources.storageKind,
      latencyMs,
    };
  }

  async function checkDisk(): Promise<SystemHealth['disk']> {
    try {
      const stats = await statfs(deps.dataDir);
      const freeBytes = stats.bavail * stats.bsize;
      const totalBytes = stats.blocks * stats.bsize;
      const ratio = totalBytes > 0 ? freeBytes / totalBytes : 1;
      const status: HealthStatus =
        ratio < HEALTH_LIMITS.diskFailingFreeRatio
          ? 'failing'
          : ratio < HEALTH_LIMITS.diskWarningFreeRatio
            ? 'warning'
            : 'ok';
      return {
        status,
        reason: status === 'failing' ? 'very_low_space' : status === 'warning' ? 'low_space' : 'ok',
        freeBytes,
        totalBytes,
      };
    } catch {
      return { status: 'warning', reason: 'unknown', freeBytes: null, totalBytes: null };
    }
  }

  async function checkResponses(): Promise<SystemHealth['responses']> {
    await deps.responseTimes.flush();
    const summary = await asAdmin((tx) =>
      summarizeResponseTimes(tx, new Date(at.getTime() - HOUR_MS), new Date(at.getTime() + 60_000)),
    );
    const p95 = summary.p95Ms;
    const status: HealthStatus =
      p95 === null
        ? 'ok'
        : p95 > MONITORING.verySlowResponseMs
          ? 'failing'
          : p95 > MONITORING.slowResponseMs
            ? 'warning'
            : 'ok';
    return {
      status,
      reason:
        p95 === null
          ? 'no_traffic'
          : status === 'failing'
            ? 'very_slow'
            : status === 'warning'
              ? 'slow'
              : 'ok',
      ...summary,
    };
  }
}
