/**
 * Load generation and its figures, shared by the benchmarks: a closed loop (autocannon, every
 * connection sends its next request as soon as the last one answered) and an open loop at a fixed
 * rate. Latencies are recorded per response, so every percentile is exact rather than read off
 * autocannon's histogram (which has no p95). Only the given loopback URL is contacted; every phase
 * stops by itself (duration and request cap).
 */
import http from 'node:http';
import autocannon from 'autocannon';

/** One request to send: `next()` is called for each, so requests spread over users and ids. */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  name: string;
  /** Requests answered in the measured window. */
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  errors: number;
  /** The errors by kind: an HTTP status, 'connection' or 'timeout'. */
  failures: Record<string, number>;
  /** Mean bytes received per answer: headers and body in the closed loop, the body alone in the open one. */
  bytes: number;
  seconds: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function summarize(
  name: string,
  latencies: number[],
  measured: { requests: number; failures: Record<string, number>; bytes: number; seconds: number },
): LoadResult {
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: measured.requests,
    reqPerSec: Math.round(measured.requests / measured.seconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? 0),
    errors: Object.values(measured.failures).reduce((sum, n) => sum + n, 0),
    failures: measured.failures,
    bytes: Math.round(measured.bytes / Math.max(1, measured.requests)),
    seconds: Math.round(measured.seconds * 10) / 10,
  };
}

const isSuccess = (statusCode: number) => statusCode >= 200 && statusCode < 300;

function failureCounter() {
  const failures: Record<string, number> = {};
  return {
    failures,
    add(kind: string, count = 1) {
      if (count > 0) failures[kind] = (failures[kind] ?? 0) + count;
    },
  };
}

/** Closed loop: `connections` keep-alive connections, each sending as soon as it is answered. */
export async function measureClosedLoop(options: {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  /** Stops earlier after this many requests (a warm-up pass over every user, or a safety cap). */
  requestCap?: number;
  next: () => LoadRequest;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures = failureCounter();
  let bytes = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        // autocannon never finishes when the cap is below the number of connections.
        connections: Math.min(options.connections, options.requestCap ?? options.connections),
        duration: options.seconds,
        // A cap as well as the duration, so the phase always ends.
        maxOverallRequests: options.requestCap ?? 50_000 * options.seconds,
        requests: [
          {
            setupRequest: (request) => {
              const next = options.next();
              return {
                ...request,
                method: next.method ?? 'GET',
                path: next.path,
                headers: next.headers ?? {},
                ...(next.body === undefined ? {} : { body: next.body }),
              };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, responseBytes, responseTime) => {
      latencies.push(responseTime);
      bytes += responseBytes;
      if (!isSuccess(statusCode)) failures.add(String(statusCode));
    });
  });
  failures.add('timeout', result.timeouts);
  failures.add('connection', result.errors - result.timeouts);
  return summarize(options.name, latencies, {
    requests: latencies.length,
    failures: failures.failures,
    bytes,
    seconds: result.duration || options.seconds,
  });
}

/**
 * Two request streams' throughput compared in alternating closed-loop slices, `b`'s requests per
 * second over `a`'s. The slices go in turns A B, B A, A B…, so a change in the machine's load, which
 * on these shared machines moves throughput by more than the differences between routes and lasts
 * seconds to minutes, weighs on both sides alike, and a steady drift cancels out pair by pair. Each
 * pair's own ratio is kept too: their spread is the measure's noise.
 */
export async function compareInSlices(options: {
  url: string;
  connections: number;
  /** Pairs of slices; each slice lasts `sliceSeconds`. */
  pairs: number;
  sliceSeconds: number;
  a: () => LoadRequest;
  b: () => LoadRequest;
}): Promise<{ ratio: number; pairRatios: number[] }> {
  const slice = async (next: () => LoadRequest) =>
    (
      await measureClosedLoop({
        name: 'slice',
        url: options.url,
        connections: options.connections,
        seconds: options.sliceSeconds,
        next,
      })
    ).reqPerSec;
  const rates = { a: [] as number[], b: [] as number[] };
  for (let pair = 0; pair < options.pairs; pair += 1) {
    for (const side of pair % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      rates[side].push(await slice(options[side]));
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    ratio: mean(rates.b) / Math.max(1, mean(rates.a)),
    pairRatios: rates.b.map((rate, pair) => rate / Math.max(1, rates.a[pair]!)),
  };
}

/**
 * Open loop at `rate` requests a second, one due every 1/rate s, over at most `connections`
 * keep-alive connections; a request's latency runs from when it was due to its answer, so a late
 * generator or a full connection pool counts against the server, as it would for users arriving on
 * their own. The first `leadInSeconds` are not counted: they open the connections, which a reverse
 * proxy keeps open in production.
 */
export async function measureAtRate(options: {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  rate: number;
  leadInSeconds: number;
  next: () => LoadRequest;
}): Promise<LoadResult> {
  const { rate } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const failures = failureCounter();
  let bytes = 0;
  let sent = 0;
  const leadIn = rate * options.leadInSeconds;
  const total = leadIn + rate * options.seconds;
  const startedAt = performance.now();
  const countedFrom = startedAt + options.leadInSeconds * 1000;
  const inFlight = new Set<Promise<void>>();
  const send = (dueAt: number) => {
    const { method = 'GET', path, headers, body } = options.next();
    const done = new Promise<void>((resolve) => {
      const request = http.request(
        `${options.url}${path}`,
        { method, agent, headers, timeout: 10_000 },
        (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
          });
          response.on('end', () => {
            if (dueAt >= countedFrom) {
              latencies.push(performance.now() - dueAt);
              bytes += received;
            }
            if (!isSuccess(response.statusCode ?? 0)) failures.add(String(response.statusCode));
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error) => {
        failures.add(error.message === 'timeout' ? 'timeout' : 'connection');
        resolve();
      });
      request.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  // Every millisecond or so, send what has fallen due (timers fire late under load: catch up).
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && startedAt + (sent * 1000) / rate <= now) {
        send(startedAt + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  return summarize(options.name, latencies, {
    requests: total - leadIn,
    failures: failures.failures,
    bytes,
    seconds: (performance.now() - countedFrom) / 1000,
  });
}
