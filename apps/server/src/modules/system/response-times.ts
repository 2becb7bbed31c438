import { randomUUID } from 'node:crypto';
import { RESPONSE_TIME_BUCKETS_MS } from '@cursus/contracts';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { responseTimeMinutes } from './system.tables.ts';

const MINUTE_MS = 60_000;
/** One bucket per bound, and one for anything slower than the last bound. */
const BUCKET_COUNT = RESPONSE_TIME_BUCKETS_MS.length + 1;

interface Minute {
  requestCount: number;
  totalMs: number;
  maxMs: number;
  buckets: number[];
}

export function bucketOf(durationMs: number): number {
  const index = RESPONSE_TIME_BUCKETS_MS.findIndex((bound) => durationMs <= bound);
  return index === -1 ? RESPONSE_TIME_BUCKETS_MS.length : index;
}

/** Response times over a window, read back from the per-minute histograms. */
export interface ResponseTimeSummary {
  requestCount: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
}

/**
 * The `quantile` of a histogram, as the upper bound of the bucket that holds it ("at most"); in the
 * bucket above the last bound, the slowest request seen. Exact against the SPEC 9 thresholds, which
 * are bounds (2000 and 5000 ms).
 */
export function quantileOf(
  buckets: readonly number[],
  requestCount: number,
  maxMs: number,
  quantile: number,
) {
  if (requestCount === 0) return null;
  const rank = Math.ceil(requestCount * quantile);
  let seen = 0;
  for (const [index, count] of buckets.entries()) {
    seen += count;
    if (seen >= rank) return Math.min(RESPONSE_TIME_BUCKETS_MS[index] ?? maxMs, maxMs);
  }
  return maxMs;
}

/**
 * Requests that say nothing of the server's speed: the live stream is held open for minutes, the
 * probes are the load balancer's, uploads last as long as the sender's uplink, the SPA's files
 * are static.
 */
function isMeasured(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  if (!path.startsWith('/api/')) return false;
  if (path === '/api/live' || path === '/api/health' || path === '/api/ready') return false;
  return !request.headers['content-type']?.startsWith('multipart/');
}

/**
 * Response times of this instance, added up per minute in memory and written to
 * `response_time_minutes` (cursus_service) once a minute is over, and before the monitoring job or
 * the health page reads them: about one upsert per instance and minute, whatever the traffic.
 * Several instances write their own rows; readers add them up.
 */
export function createResponseTimes(options: {
  service: Db;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const instanceId = randomUUID();
  const minutes = new Map<number, Minute>();
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  // Once a minute, the minutes that are over are written; never from a request's own path, which
  // would add a statement to it.
  function startTimer() {
    timer ??= setInterval(() => {
      const current = Math.floor(options.now().getTime() / MINUTE_MS) * MINUTE_MS;
      flush(current).catch((error) => options.log.error({ err: error }, 'response times not recorded'));
    }, MINUTE_MS).unref();
  }

  function record(durationMs: number, at: Date = options.now()) {
    const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
    let entry = minutes.get(minute);
    if (!entry) {
      entry = { requestCount: 0, totalMs: 0, maxMs: 0, buckets: Array(BUCKET_COUNT).fill(0) };
      minutes.set(minute, entry);
      startTimer();
    }
    const rounded = Math.round(durationMs);
    entry.requestCount += 1;
    entry.totalMs += durationMs;
    entry.maxMs = Math.max(entry.maxMs, rounded);
    entry.buckets[bucketOf(rounded)]! += 1;
  }

  /** Writes the minutes before `before` (all of them by default), adding to rows already written. */
  async function flush(before = Number.POSITIVE_INFINITY) {
    await flushing;
    const due = [...minutes].filter(([minute]) => minute < before);
    if (due.length === 0) return;
    for (const [minute] of due) minutes.delete(minute);
    flushing = (async () => {
      await options.service
        .insert(responseTimeMinutes)
        .values(due.map(([minute, entry]) => ({ minute: new Date(minute), instanceId, ...entry })))
        .onConflictDoUpdate({
          target: [responseTimeMinutes.minute, responseTimeMinutes.instanceId],
          set: {
            requestCount: sql`${responseTimeMinutes.requestCount} + excluded.request_count`,
            totalMs: sql`${responseTimeMinutes.totalMs} + excluded.total_ms`,
            maxMs: sql`greatest(${responseTimeMinutes.maxMs}, excluded.max_ms)`,
            buckets: sql`(select array_agg(coalesce(mine, 0) + coalesce(theirs, 0) order by position) from unnest(${responseTimeMinutes.buckets}, excluded.buckets) with ordinality as added(mine, theirs, position))`,
          },
        });
    })();
    try {
      await flushing;
    } finally {
      flushing = undefined;
    }
  }

  return {
    record,
    flush,
    /** Stops the timer and writes what is left: when the server stops. */
    async close() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
    /** Fastify's onSend: the time to produce the answer, before the client downloads it. */
    onSend: async (request: FastifyRequest, reply: FastifyReply) => {
      if (isMeasured(request)) record(reply.elapsedTime);
    },
  };
}

export type ResponseTimes = ReturnType<typeof createResponseTimes>;

/** Every instance's requests answered in [from, to), added up. */
export async function summarizeResponseTimes(db: Db, from: Date, to: Date): Promise<ResponseTimeSummary> {
  const rows = await db
    .select({
      requestCount: responseTimeMinutes.requestCount,
      maxMs: responseTimeMinutes.maxMs,
      buckets: responseTimeMinutes.buckets,
    })
    .from(responseTimeMinutes)
    .where(and(gte(responseTimeMinutes.minute, from), lt(responseTimeMinutes.minute, to)));
  const buckets: number[] = Array(BUCKET_COUNT).fill(0);
  let requestCount = 0;
  let maxMs = 0;
  for (const row of rows) {
    requestCount += row.requestCount;
    maxMs = Math.max(maxMs, row.maxMs);
    for (const [index, count] of row.buckets.entries()) buckets[index] = (buckets[index] ?? 0) + count;
  }
  return {
    requestCount,
    p50Ms: quantileOf(buckets, requestCount, maxMs, 0.5),
    p95Ms: quantileOf(buckets, requestCount, maxMs, 0.95),
    maxMs: requestCount === 0 ? null : maxMs,
  };
}
