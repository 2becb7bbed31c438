/**
 * Database outage drill (issue 19, point 5): PostgreSQL stops for 30 s under load, then starts again.
 *
 *   npm run bench:drill:db-outage -w @cursus/bench -- [--outage 30] [--stop-mode fast|immediate|freeze]
 *
 * A private PostgreSQL cluster (private-postgres.ts, port --pg-port) holds a small dataset; the
 * server runs on it as production starts it. Learners read (the benchmark's read routes) and
 * heartbeat their open sessions, others open, heartbeat and end sessions of their own, and a
 * monitor polls /api/ready and /api/health. Then PostgreSQL stops (`pg_ctl -m fast`, a clean stop:
 * backends ended, connections refused; `immediate` is a crash; `freeze` suspends its processes, a
 * database that hangs rather than refuses, as a frozen host or a partition) for --outage seconds,
 * and starts again; the server is not restarted. A few learners' sessions are not in the server's cache when the outage begins (their
 * first request needs the database to check the cookie).
 *
 * It fails (exit code 1) unless: every answer other than 2xx overlapping the outage is a 503 with
 * the DATABASE_UNAVAILABLE body and Retry-After, none took longer than --max-latency seconds; every
 * other answer is a 2xx; no write the server acknowledged is missing from the database afterwards
 * (checkLedger); and every route answers 2xx again within --recovery-limit seconds of PostgreSQL
 * accepting connections. It prints the figures as markdown for bench/results/drills.md.
 */
import { parseArgs } from 'node:util';
import {
  type Answer,
  checkLedger,
  cycleSessions,
  type DrillChecks,
  describeLedger,
  describeRun,
  describeStatus,
  isSuccess,
  readRequests,
  runDrill,
  sendHeartbeat,
  sleep,
} from './drill-support.ts';

const { values: args } = parseArgs({
  options: {
    outage: { type: 'string', default: '30' },
    before: { type: 'string', default: '20' },
    after: { type: 'string', default: '30' },
    learners: { type: 'string', default: '40' },
    cyclers: { type: 'string', default: '6' },
    readers: { type: 'string', default: '3' },
    heartbeaters: { type: 'string', default: '2' },
    'recovery-limit': { type: 'string', default: '10' },
    /** 6 s for a stop (the pool's connection timeout); 18 s for a freeze (the statement timeout and the client's margin). */
    'max-latency': { type: 'string' },
    'stop-mode': { type: 'string', default: 'fast' },
    port: { type: 'string', default: '3940' },
    'pg-port': { type: 'string', default: '5544' },
  },
});
const OUTAGE_S = Number(args.outage);
const RECOVERY_LIMIT_S = Number(args['recovery-limit']);
const STOP_MODE =
  (['fast', 'immediate', 'freeze'] as const).find((mode) => mode === args['stop-mode']) ?? 'fast';
const MAX_LATENCY_S = Number(args['max-latency'] ?? (STOP_MODE === 'freeze' ? 18 : 6));
/** Learners kept out of the warm-up: their first request comes during the outage. */
const COLD_LEARNERS = 3;

const isUnavailable = (answer: Answer) =>
  answer.status === 503 && answer.code === 'DATABASE_UNAVAILABLE' && Boolean(answer.retryAfter);

function countBy(answers: readonly Answer[], key: (answer: Answer) => string) {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[key(answer)] = (counts[key(answer)] ?? 0) + 1;
  return counts;
}

runDrill(
  {
    name: 'outage',
    port: Number(args.port),
    pgPort: Number(args['pg-port']),
    learners: Number(args.learners),
    cyclers: Number(args.cyclers),
    // Longer than any answer the server may take (a freeze: 17 s), so the server, not the client, ends each wait.
    timeoutMs: 30_000,
    warmUp: (world) => [
      ...[...world.learners.slice(0, -COLD_LEARNERS), ...world.cyclers].map((learner) => ({
        path: '/api/time-tracking/me',
        cookie: learner.cookie,
      })),
      { path: '/api/courses', cookie: world.trainerCookie },
    ],
  },
  async ({ postgres, databaseUrl, world, server, logFile, recorder, acknowledged, loggedErrors }) => {
    const warm = world.learners.slice(0, -COLD_LEARNERS);
    const startedAt = Date.now();
    let outageStartedAt = Number.POSITIVE_INFINITY;
    let isDone = false;
    const active = () => (Date.now() >= outageStartedAt ? world.learners : warm);
    const reads = readRequests(world);
    const workers: Promise<void>[] = [];
    for (let w = 0; w < Number(args.readers); w += 1) {
      workers.push(
        (async () => {
          for (let i = w; !isDone; i += 1) {
            const learners = active();
            const asTrainer = i % 3 === 2;
            const routes = asTrainer ? reads.trainer : reads.learner;
            await recorder.send(asTrainer ? 'trainer read' : 'learner read', {
              path: routes[i % routes.length]!,
              cookie: asTrainer ? world.trainerCookie : learners[i % learners.length]!.cookie,
            });
            await sleep(20);
          }
        })(),
      );
    }
    for (let w = 0; w < Number(args.heartbeaters); w += 1) {
      workers.push(
        (async () => {
          for (let i = w; !isDone; i += Number(args.heartbeaters)) {
            const learners = active();
            await sendHeartbeat(recorder, acknowledged, learners[i % learners.length]!, startedAt);
            await sleep(50);
          }
        })(),
      );
    }
    for (const learner of world.cyclers)
      workers.push(
        cycleSessions({ recorder, acknowledged, learner, isDone: () => isDone, pauseMs: 500, retryMs: 1000 }),
      );
    const probes: { at: number; ready: number; health: number }[] = [];
    workers.push(
      (async () => {
        while (!isDone) {
          const at = Date.now();
          const status = (url: string) =>
            fetch(`${world.baseUrl}${url}`, { signal: AbortSignal.timeout(10_000) }).then(
              (response) => response.status,
              () => 0,
            );
          const [ready, health] = await Promise.all([status('/api/ready'), status('/api/health')]);
          probes.push({ at, ready, health });
          await sleep(500);
        }
      })(),
    );

    await sleep(Number(args.before) * 1000);
    outageStartedAt = Date.now();
    console.log(`stopping PostgreSQL (${STOP_MODE}) for ${OUTAGE_S} s`);
    if (STOP_MODE === 'freeze') postgres.freeze(true);
    else await postgres.stop(STOP_MODE);
    const stoppedAt = Date.now();
    await sleep(OUTAGE_S * 1000);
    const restartAt = Date.now();
    if (STOP_MODE === 'freeze') postgres.freeze(false);
    else await postgres.start();
    const backAt = Date.now();
    console.log(
      `PostgreSQL accepts connections again (${((backAt - restartAt) / 1000).toFixed(1)} s to start)`,
    );
    await sleep(Number(args.after) * 1000);
    isDone = true;
    await Promise.all(workers);
    const serverStillUp = server.child.exitCode === null && server.child.signalCode === null;
    const ledger = await checkLedger(databaseUrl, acknowledged);

    const answers = recorder.answers;
    const duringOutage = answers.filter(
      (answer) => answer.startedAt >= stoppedAt && answer.startedAt < restartAt,
    );
    const failures = answers.filter((answer) => !isSuccess(answer));
    const unexpected = failures.filter(
      (answer) =>
        !(
          isUnavailable(answer) &&
          answer.endedAt > outageStartedAt &&
          answer.startedAt < backAt + RECOVERY_LIMIT_S * 1000
        ),
    );
    const lastFailureAfterBack = failures
      .filter((answer) => answer.endedAt > backAt)
      .reduce((latest, answer) => Math.max(latest, answer.endedAt), backAt);
    const recoverySeconds = (lastFailureAfterBack - backAt) / 1000;
    const firstSuccessAfterBack = answers
      .filter((answer) => isSuccess(answer) && answer.startedAt >= backAt)
      .reduce((first, answer) => Math.min(first, answer.endedAt), Number.POSITIVE_INFINITY);
    const slowest = duringOutage.reduce((max, answer) => Math.max(max, answer.endedAt - answer.startedAt), 0);
    const readyDuring = countBy(
      probes
        .filter((probe) => probe.at >= stoppedAt && probe.at < restartAt)
        .map((probe) => ({ status: probe.ready }) as Answer),
      (answer) => String(answer.status),
    );
    const healthDuring = countBy(
      probes
        .filter((probe) => probe.at >= stoppedAt && probe.at < restartAt)
        .map((probe) => ({ status: probe.health }) as Answer),
      (answer) => String(answer.status),
    );
    const errorLines = loggedErrors();

    const checks: DrillChecks = [
      [
        'answers other than 2xx are all 503 DATABASE_UNAVAILABLE with Retry-After, during the outage or just after',
        unexpected.length === 0,
      ],
      [`no answer during the outage took more than ${MAX_LATENCY_S} s`, slowest <= MAX_LATENCY_S * 1000],
      [
        'requests were answered 503 during the outage (the drill did stop the database)',
        duringOutage.some(isUnavailable),
      ],
      [
        `every route answered 2xx again within ${RECOVERY_LIMIT_S} s of the database's return`,
        recoverySeconds <= RECOVERY_LIMIT_S,
      ],
      ['the server was not restarted', serverStillUp],
      ['no acknowledged write is missing', ledger.heartbeatsLost + ledger.startsLost + ledger.endsLost === 0],
      ['totals match the closed sessions', ledger.totalsWrong === 0],
    ];
    const secondsAfter = (at: number) => ((at - startedAt) / 1000).toFixed(1);
    console.log(`\n### Database outage (${describeRun()})\n`);
    console.log(
      `${world.learners.length} learners heartbeating and reading (${COLD_LEARNERS} of them first seen during the outage), ${world.cyclers.length} opening and ending sessions, the trainer reading; PostgreSQL stopped (${STOP_MODE}) at ${secondsAfter(outageStartedAt)} s for ${OUTAGE_S} s, accepting connections again at ${secondsAfter(backAt)} s.\n`,
    );
    console.log('| phase | answers | by status | slowest |');
    console.log('| --- | ---: | --- | ---: |');
    const phase = (name: string, list: Answer[]) => {
      const slowestMs = list.reduce((max, answer) => Math.max(max, answer.endedAt - answer.startedAt), 0);
      console.log(
        `| ${name} | ${list.length} | ${Object.entries(countBy(list, describeStatus))
          .map(([status, count]) => `${status}: ${count}`)
          .join(', ')} | ${slowestMs} ms |`,
      );
    };
    phase(
      'before the stop',
      answers.filter((answer) => answer.endedAt <= outageStartedAt),
    );
    phase(
      'overlapping the stop',
      answers.filter((answer) => answer.startedAt < stoppedAt && answer.endedAt > outageStartedAt),
    );
    phase('database down', duringOutage);
    phase(
      'database starting',
      answers.filter((answer) => answer.startedAt >= restartAt && answer.startedAt < backAt),
    );
    phase(
      'after its return',
      answers.filter((answer) => answer.startedAt >= backAt),
    );
    const retryAfter = [...new Set(failures.map((answer) => answer.retryAfter).filter(Boolean))].join(', ');
    console.log(
      `\n- 503 answers carry Retry-After: ${retryAfter || 'none'} s; /api/ready during the outage: ${JSON.stringify(readyDuring)}, /api/health: ${JSON.stringify(healthDuring)}.`,
    );
    console.log(
      `- Recovery: first 2xx ${((firstSuccessAfterBack - backAt) / 1000).toFixed(1)} s after PostgreSQL accepted connections, last failure ${recoverySeconds.toFixed(1)} s after; the server was ${serverStillUp ? 'not restarted' : 'DOWN'}.`,
    );
    console.log(`- ${describeLedger(ledger)}`);
    console.log(`- The server logged ${errorLines} lines at error level (log: ${logFile}).`);
    if (unexpected.length > 0)
      console.log(
        `- Unexpected answers: ${JSON.stringify(countBy(unexpected, (answer) => `${answer.kind} ${describeStatus(answer)}`))}`,
      );
    console.log('');
    return checks;
  },
);
