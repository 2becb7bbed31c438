/**
 * Soak (issue 19, point 5): 10 minutes at the performance benchmark's read and write mix, with
 * the server's memory sampled every 10 s.
 *
 *   npm run bench:drill:soak -w @cursus/bench -- [--duration 600] [--workers 4] [--learners 200]
 *
 * A private PostgreSQL cluster (private-postgres.ts) holds a small dataset; the server runs on it as
 * production starts it, with memory-probe.ts loaded (RSS, heap used and total after a full
 * collection, every --sample seconds). --workers closed-loop clients (a --pause ms pause after each answer, so that
 * the shared machine keeps some room) take the benchmark's scenarios in turn, each as often as
 * the others as in `npm run bench` (bench/README.md): the learner's six read routes, the trainer's
 * five, and heartbeats of the learners' open sessions; a few more learners open, heartbeat and end
 * sessions of their own.
 *
 * It fails (exit code 1) unless: every answer is a 2xx; every acknowledged write is in the
 * database (checkLedger); and memory is flat: the heap's slope over the run (least squares) is at
 * most --max-heap-slope MB a minute and the last minute's RSS is at most 10 % above the first's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type Answer,
  checkLedger,
  cycleSessions,
  type DrillChecks,
  describeLedger,
  describeRun,
  isSuccess,
  percentile,
  readRequests,
  runDrill,
  sendHeartbeat,
  sleep,
} from './drill-support.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '600' },
    workers: { type: 'string', default: '4' },
    pause: { type: 'string', default: '10' },
    learners: { type: 'string', default: '200' },
    cyclers: { type: 'string', default: '2' },
    sample: { type: 'string', default: '10' },
    'max-heap-slope': { type: 'string', default: '1' },
    port: { type: 'string', default: '3942' },
    'pg-port': { type: 'string', default: '5546' },
  },
});
const DURATION_S = Number(args.duration);
const MB = 2 ** 20;
const memoryFileIn = (folder: string) => path.join(folder, 'memory.jsonl');

interface Sample {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
}

/** Least-squares slope of `value` over time, per minute. */
function slopePerMinute(samples: readonly Sample[], value: (sample: Sample) => number): number {
  const xs = samples.map((sample) => (sample.at - samples[0]!.at) / 60_000);
  const ys = samples.map(value);
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < xs.length; i += 1) {
    numerator += (xs[i]! - meanX) * (ys[i]! - meanY);
    denominator += (xs[i]! - meanX) ** 2;
  }
  return denominator === 0 ? 0 : numerator / denominator;
}

const average = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

runDrill(
  {
    name: 'soak',
    port: Number(args.port),
    pgPort: Number(args['pg-port']),
    learners: Number(args.learners),
    cyclers: Number(args.cyclers),
    server: (folder) => ({
      nodeArgs: ['--expose-gc', '--import', path.join(import.meta.dirname, 'memory-probe.ts')],
      env: {
        MEMORY_PROBE_FILE: memoryFileIn(folder),
        MEMORY_PROBE_INTERVAL_MS: String(Number(args.sample) * 1000),
      },
    }),
    keepsFolder: true,
  },
  async ({ databaseUrl, world, folder, recorder, acknowledged, loggedErrors }) => {
    const startedAt = Date.now();
    const reads = readRequests(world);
    type Scenario = { name: string; send: (i: number) => Promise<Answer> };
    const learnerAt = (i: number) => world.learners[i % world.learners.length]!;
    const scenarios: Scenario[] = [
      ...reads.learner.map((route) => ({
        name: `learner ${route.replace(/[0-9a-f-]{36}/g, ':id')}`,
        send: (i: number) =>
          recorder.send(`learner ${route.replace(/[0-9a-f-]{36}/g, ':id')}`, {
            path: route,
            cookie: learnerAt(i).cookie,
          }),
      })),
      ...reads.trainer.map((route) => ({
        name: `trainer ${route}`,
        send: () => recorder.send(`trainer ${route}`, { path: route, cookie: world.trainerCookie }),
      })),
      {
        name: 'heartbeat',
        send: (i: number) => sendHeartbeat(recorder, acknowledged, learnerAt(i), startedAt),
      },
    ];
    const endsAt = startedAt + DURATION_S * 1000;
    let isDone = false;
    const workers: Promise<void>[] = [];
    const workerCount = Number(args.workers);
    for (let w = 0; w < workerCount; w += 1) {
      workers.push(
        (async () => {
          for (let i = w; Date.now() < endsAt; i += workerCount) {
            await scenarios[i % scenarios.length]!.send(Math.floor(i / scenarios.length));
            await sleep(Number(args.pause));
          }
        })(),
      );
    }
    for (const learner of world.cyclers)
      workers.push(
        cycleSessions({
          recorder,
          acknowledged,
          learner,
          isDone: () => isDone,
          pauseMs: 2000,
          retryMs: 1000,
        }),
      );
    let lastReport = startedAt;
    while (Date.now() < endsAt) {
      await sleep(1000);
      if (Date.now() - lastReport >= 60_000) {
        lastReport = Date.now();
        const errors = recorder.answers.filter((answer) => !isSuccess(answer)).length;
        console.log(
          `${Math.round((lastReport - startedAt) / 60_000)} min: ${recorder.answers.length} answers, ${errors} errors`,
        );
      }
    }
    isDone = true;
    await Promise.all(workers);
    await sleep(Number(args.sample) * 1000);
    const ledger = await checkLedger(databaseUrl, acknowledged);
    const samples = readFileSync(memoryFileIn(folder), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Sample)
      .filter((sample) => sample.at >= startedAt && sample.at <= endsAt);
    const firstMinute = samples.filter((sample) => sample.at < startedAt + 60_000);
    const lastMinute = samples.filter((sample) => sample.at >= endsAt - 60_000);
    const memory = (value: (sample: Sample) => number) => ({
      first: average(firstMinute.map(value)) / MB,
      last: average(lastMinute.map(value)) / MB,
      slope: slopePerMinute(samples, value) / MB,
      min: Math.min(...samples.map(value)) / MB,
      max: Math.max(...samples.map(value)) / MB,
    });
    const rss = memory((sample) => sample.rss);
    const heapUsed = memory((sample) => sample.heapUsed);
    const heapTotal = memory((sample) => sample.heapTotal);
    const answers = recorder.answers;
    const errors = answers.filter((answer) => !isSuccess(answer));
    const errorLines = loggedErrors();

    const checks: DrillChecks = [
      ['every answer was a 2xx', errors.length === 0],
      ['no acknowledged write is missing', ledger.heartbeatsLost + ledger.startsLost + ledger.endsLost === 0],
      ['totals match the closed sessions', ledger.totalsWrong === 0],
      [
        `heap used grows at most ${args['max-heap-slope']} MB a minute`,
        heapUsed.slope <= Number(args['max-heap-slope']),
      ],
      ["the last minute's RSS is at most 10 % above the first's", rss.last <= rss.first * 1.1],
    ];
    console.log(`\n### Soak (${describeRun()})\n`);
    console.log(
      `${(DURATION_S / 60).toFixed(0)} minutes, ${workerCount} closed-loop clients (${args.pause} ms pause after each answer) over ${scenarios.length} scenarios in turn, ${world.learners.length} learners and the trainer signed in, ${world.cyclers.length} learners opening and ending sessions; memory sampled every ${args.sample} s (${samples.length} samples).\n`,
    );
    console.log('| scenario | answers | p50 ms | p95 ms | p99 ms | max ms | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    const kinds = [...new Set(answers.map((answer) => answer.kind))];
    for (const kind of kinds) {
      const list = answers.filter((answer) => answer.kind === kind);
      const latencies = list.map((answer) => answer.endedAt - answer.startedAt).sort((a, b) => a - b);
      console.log(
        `| ${kind} | ${list.length} | ${percentile(latencies, 50)} | ${percentile(latencies, 95)} | ${percentile(latencies, 99)} | ${latencies.at(-1)} | ${list.filter((answer) => !isSuccess(answer)).length} |`,
      );
    }
    console.log(
      `\n${answers.length} answers in all (${Math.round(answers.length / DURATION_S)} a second), ${errors.length} errors.\n`,
    );
    console.log('| memory (MB) | first minute | last minute | slope per minute | min | max |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    const row = (name: string, figures: typeof rss) =>
      console.log(
        `| ${name} | ${figures.first.toFixed(1)} | ${figures.last.toFixed(1)} | ${figures.slope >= 0 ? '+' : ''}${figures.slope.toFixed(2)} | ${figures.min.toFixed(1)} | ${figures.max.toFixed(1)} |`,
      );
    row('RSS', rss);
    row('heap used', heapUsed);
    row('heap total', heapTotal);
    console.log(`\n- ${describeLedger(ledger)}`);
    console.log(`- The server logged ${errorLines} lines at error level (log and samples: ${folder}).\n`);
    return checks;
  },
);
