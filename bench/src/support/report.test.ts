import { describe, expect, it } from 'vitest';
import { percentile } from './load.ts';
import {
  type BenchRun,
  compareScales,
  markdownReport,
  type ScaleRun,
  type ScenarioResult,
} from './report.ts';

function scenario(
  key: string,
  p95Ms: number,
  dbBlocks: number,
  extra: Partial<ScenarioResult> = {},
): ScenarioResult {
  return {
    key,
    name: key,
    requests: 100,
    reqPerSec: 10,
    p50Ms: p95Ms / 2,
    p95Ms,
    p99Ms: p95Ms,
    maxMs: p95Ms,
    errors: 0,
    failures: {},
    bytes: 500,
    seconds: 10,
    ratio: 1,
    dbBlocks,
    dbMisses: 0,
    dbRows: dbBlocks,
    ...extra,
  };
}

function scale(value: number, scenarios: ScenarioResult[]): ScaleRun {
  return {
    scale: value,
    database: `cursus_dataset_s${value}`,
    loadSeconds: null,
    dataset: { organizations: 100 * value },
    signedIn: { learners: 300, trainers: 30, organizations: 10 },
    connections: 50,
    secondsPerScenario: 10,
    startedAt: '2026-01-05T10:00:00.000Z',
    scenarios,
  };
}

describe('benchmark figures', () => {
  it('reads percentiles by rank, as the nearest sample at or above', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 95)).toBe(0);
  });

  it('flags a p95 or a database cost per request that grows above 1.5 from one scale to the next', () => {
    const small = scale(1, [
      scenario('baseline', 10, 4),
      scenario('list', 20, 100),
      scenario('logs', 30, 1000),
    ]);
    const large = scale(5, [
      scenario('baseline', 20, 4),
      scenario('list', 29, 100),
      scenario('logs', 100, 1600),
    ]);
    const rows = compareScales(small, large);
    expect(
      rows.map((row) => [row.key, row.growth, row.growthOverBaseline, row.exceeds, row.blocksExceed]),
    ).toEqual([
      ['baseline', 2, 1, true, false],
      ['list', 1.45, 0.73, false, false],
      ['logs', 3.33, 1.67, true, true],
    ]);
  });

  it('writes every figure, the failures by kind and the growth into the report', () => {
    const bench: BenchRun = {
      date: '2026-01-05T10:00:00.000Z',
      commit: 'abc123',
      uncommittedFiles: 0,
      server: 'the working tree',
      machine: {
        cpu: 'CPU',
        cores: 2,
        memoryGiB: 8,
        node: 'v20',
        postgres: '15.20',
        os: 'Linux',
        loadAverage: 1,
      },
      runs: [
        scale(1, [
          scenario('baseline', 10, 4),
          scenario('logs', 30, 1000, { errors: 3, failures: { '503': 3 } }),
          scenario('list', 20, 100, { ratio: 0.55, pairRatios: [0.61, 0.49, 0.55] }),
        ]),
        scale(5, [scenario('baseline', 10, 4), scenario('logs', 60, 1000)]),
      ],
    };
    const report = markdownReport(bench);
    expect(report).toContain('commit `abc123`, started from the working tree');
    expect(report).toContain('| logs | 10 | 1.00 | 15 | 30 | 30 | 30 | 3 (503 × 3) |');
    // The ratio, with the range of its pairs of slices (the measure's noise).
    expect(report).toContain('| list | 10 | 0.55 (0.49–0.61) | 10 | 20 |');
    expect(report).toContain('## Growth: scale 5 over scale 1');
    expect(report).toContain('p95 above 1.5: logs.');
  });
});
