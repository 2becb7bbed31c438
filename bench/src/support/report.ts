/**
 * What a benchmark run records (JSON, to compare runs later) and the markdown report it writes:
 * the machine, the date, the commit, every figure, and the growth from one scale to another.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type pg from 'pg';
import type { LoadResult } from './load.ts';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  postgres: string;
  os: string;
  /** The 1-minute load average when the run began: other work on the machine shows here. */
  loadAverage: number;
}

export interface ScenarioResult extends LoadResult {
  key: string;
  /**
   * Requests per second over the baseline's, both measured in alternating slices right before this
   * scenario (bench.ts, compareWithBaseline); runs saved before 28 November 2026 measured the
   * baseline once before the scenario instead.
   */
  ratio: number;
  /** Each pair of slices' own ratio, in the order measured: their spread is the ratio's noise. */
  pairRatios?: number[];
  /**
   * CPU milliseconds per request of the server's process and of the dataset database's backends
   * (support/cpu.ts); absent from results saved before they were measured.
   */
  serverCpuMs?: number;
  dbCpuMs?: number;
  /** PostgreSQL buffers read per request (shared buffers hit or read), from pg_stat_database. */
  dbBlocks: number;
  /** Of those, buffers that were not in shared buffers (read from the system's cache or the disk). */
  dbMisses: number;
  /** Rows PostgreSQL read per request (returned by scans and fetched by index). */
  dbRows: number;
}

export interface ScaleRun {
  scale: number;
  database: string;
  /** Seconds the dataset took to load, or null when an existing one was reused. */
  loadSeconds: number | null;
  dataset: Record<string, number>;
  signedIn: { learners: number; trainers: number; organizations: number };
  connections: number;
  secondsPerScenario: number;
  startedAt: string;
  scenarios: ScenarioResult[];
}

export interface BenchRun {
  date: string;
  commit: string;
  /** Files changed against that commit in the server's checkout when the run began. */
  uncommittedFiles: number;
  /** Where the server was started from: the working tree, or a copy (`--root`). */
  server: string;
  machine: Machine;
  runs: ScaleRun[];
  /** Lighthouse's own output, when it ran (--lighthouse). */
  lighthouse?: string;
}

/** p95 at the larger scale over p95 at the smaller; issue 12 allows at most this. */
export const GROWTH_LIMIT = 1.5;

export async function describeMachine(admin: pg.Client): Promise<Machine> {
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres: rows[0]?.server_version ?? 'unknown',
    os: `${os.type()} ${os.release()}`,
    loadAverage: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}

export function describeCommit(root: string): { commit: string; uncommittedFiles: number } {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  try {
    return {
      commit: git('rev-parse', 'HEAD').trim(),
      uncommittedFiles: git('status', '--porcelain').split('\n').filter(Boolean).length,
    };
  } catch {
    return { commit: 'unknown', uncommittedFiles: 0 };
  }
}

export interface GrowthRow {
  key: string;
  name: string;
  p95Small: number;
  p95Large: number;
  /** p95 at the larger scale over p95 at the smaller. */
  growth: number;
  /** The same, each p95 first divided by its run's baseline p95: the machine's load cancels out. */
  growthOverBaseline: number;
  exceeds: boolean;
  /** Buffers read per request at the larger scale over the smaller: the database's own work. */
  blocksGrowth: number;
  blocksExceed: boolean;
}

export function compareScales(small: ScaleRun, large: ScaleRun): GrowthRow[] {
  const baselineSmall = small.scenarios.find((s) => s.key === 'baseline');
  const baselineLarge = large.scenarios.find((s) => s.key === 'baseline');
  const rows: GrowthRow[] = [];
  for (const before of small.scenarios) {
    const after = large.scenarios.find((s) => s.key === before.key);
    if (!after) continue;
    const growth = after.p95Ms / Math.max(0.1, before.p95Ms);
    const growthOverBaseline =
      baselineSmall && baselineLarge
        ? after.p95Ms /
          Math.max(0.1, baselineLarge.p95Ms) /
          (before.p95Ms / Math.max(0.1, baselineSmall.p95Ms))
        : growth;
    rows.push({
      key: before.key,
      name: before.name,
      p95Small: before.p95Ms,
      p95Large: after.p95Ms,
      growth: Math.round(growth * 100) / 100,
      growthOverBaseline: Math.round(growthOverBaseline * 100) / 100,
      exceeds: growth > GROWTH_LIMIT,
      blocksGrowth: Math.round((after.dbBlocks / Math.max(0.1, before.dbBlocks)) * 100) / 100,
      blocksExceed: after.dbBlocks / Math.max(0.1, before.dbBlocks) > GROWTH_LIMIT,
    });
  }
  return rows;
}

// Results saved before a column existed read as 0 in it.
const number = (value: number | undefined) => (value ?? 0).toLocaleString('en-GB');

/** '0', or '40 (503 × 38, timeout × 2)'. */
function errorsOf(result: LoadResult): string {
  const kinds = Object.entries(result.failures ?? {}).map(([kind, count]) => `${kind} × ${count}`);
  return kinds.length > 0 ? `${result.errors} (${kinds.join(', ')})` : String(result.errors);
}

/** '0.55 (0.49–0.61)': the ratio and the range of its pairs of slices, when they were kept. */
function ratioOf(result: ScenarioResult): string {
  const pairs = result.pairRatios ?? [];
  if (pairs.length < 2) return result.ratio.toFixed(2);
  return `${result.ratio.toFixed(2)} (${Math.min(...pairs).toFixed(2)}–${Math.max(...pairs).toFixed(2)})`;
}

export function scenarioTable(run: ScaleRun): string {
  const lines = [
    '| scenario | req/s | × baseline | p50 ms | p95 ms | p99 ms | max ms | errors | bytes/answer | requests | server CPU ms/req | db CPU ms/req | db buffers/req | of which missed | db rows/req |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const s of run.scenarios) {
    lines.push(
      `| ${s.name} | ${number(s.reqPerSec)} | ${ratioOf(s)} | ${s.p50Ms} | ${s.p95Ms} | ${s.p99Ms} | ${s.maxMs} | ${errorsOf(s)} | ${number(s.bytes)} | ${number(s.requests)} | ${s.serverCpuMs ?? '–'} | ${s.dbCpuMs ?? '–'} | ${number(s.dbBlocks)} | ${number(s.dbMisses)} | ${number(s.dbRows)} |`,
    );
  }
  return lines.join('\n');
}

export function growthTable(small: ScaleRun, large: ScaleRun): string {
  const lines = [
    `| scenario | p95 at ${small.scale} (ms) | p95 at ${large.scale} (ms) | p95 growth | growth over baseline | | db buffers/req growth | |`,
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const row of compareScales(small, large)) {
    lines.push(
      `| ${row.name} | ${row.p95Small} | ${row.p95Large} | ${row.growth.toFixed(2)} | ${row.growthOverBaseline.toFixed(2)} | ${row.exceeds ? `**above ${GROWTH_LIMIT}**` : 'ok'} | ${row.blocksGrowth.toFixed(2)} | ${row.blocksExceed ? `**above ${GROWTH_LIMIT}**` : 'ok'} |`,
    );
  }
  return lines.join('\n');
}

function describeScale(run: ScaleRun): string {
  const rows = Object.entries(run.dataset)
    .map(([table, count]) => `${table} ${number(count)}`)
    .join(', ');
  const loaded = run.loadSeconds === null ? 'reused' : `loaded in ${run.loadSeconds} s`;
  return [
    `Database \`${run.database}\` (${loaded}): ${rows}.`,
    `Signed in: ${number(run.signedIn.learners)} learners spread over the organisations and the ${run.signedIn.trainers} trainers of ${run.signedIn.organizations} organisations; ${run.connections} connections, ${run.secondsPerScenario} s per scenario, started ${run.startedAt}.`,
  ].join('\n');
}

export function markdownReport(bench: BenchRun): string {
  const { machine } = bench;
  const parts = [
    '# Benchmark report',
    '',
    'Written by `npm run bench` (bench/README.md). Every scenario runs against the server started as',
    '`npm start` starts it, on loopback over PostgreSQL, closed loop, without compression; `× baseline` is its requests per',
    'second over the authenticated baseline route (session check, tenant transaction, `select 1`),',
    'both measured right before it in alternating 2-second slices (in brackets: the range of the',
    "pairs' own ratios), since the machine is shared and absolute figures move with its",
    'load. "Server CPU" and "db CPU" are the CPU time of the server process and of the dataset',
    "database's PostgreSQL backends per request, which the machine's load moves far less.",
    '',
    `- Date: ${bench.date}`,
    `- Server: commit \`${bench.commit}\`${bench.uncommittedFiles > 0 ? ` with ${bench.uncommittedFiles} uncommitted file${bench.uncommittedFiles === 1 ? '' : 's'}` : ''}, started from ${bench.server}`,
    `- Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, ${machine.os}, load average ${machine.loadAverage} at the start`,
    `- Node ${machine.node}, PostgreSQL ${machine.postgres} on 127.0.0.1`,
  ];
  for (const run of bench.runs) {
    parts.push('', `## Scale ${run.scale}`, '', describeScale(run), '', scenarioTable(run));
  }
  for (let i = 1; i < bench.runs.length; i += 1) {
    const small = bench.runs[i - 1]!;
    const large = bench.runs[i]!;
    const rows = compareScales(small, large);
    const above = rows.filter((row) => row.exceeds).map((row) => row.name);
    const heavier = rows.filter((row) => row.blocksExceed).map((row) => row.name);
    parts.push(
      '',
      `## Growth: scale ${large.scale} over scale ${small.scale}`,
      '',
      `p95 at scale ${large.scale} over p95 at scale ${small.scale}; issue 12 allows at most ${GROWTH_LIMIT}. ` +
        '"Growth over baseline" divides each p95 by its scale\'s baseline p95 first. "db buffers/req ' +
        'growth" compares the PostgreSQL buffers each request read (pg_stat_database): the work the ' +
        "database did, which the machine's load does not move, so it is the steadier of the two signals.",
      '',
      growthTable(small, large),
      '',
      above.length > 0 ? `p95 above ${GROWTH_LIMIT}: ${above.join(', ')}.` : `No p95 above ${GROWTH_LIMIT}.`,
      heavier.length > 0
        ? `Database work per request above ${GROWTH_LIMIT}: ${heavier.join(', ')}.`
        : `No database work per request above ${GROWTH_LIMIT}.`,
    );
  }
  if (bench.lighthouse) parts.push('', '## Lighthouse', '', '```', bench.lighthouse.trim(), '```');
  return `${parts.join('\n')}\n`;
}
