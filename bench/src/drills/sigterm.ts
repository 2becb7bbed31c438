/**
 * SIGTERM drill (issue 19, point 5): the server is told to stop while learners write.
 *
 *   npm run bench:drill:sigterm -w @cursus/bench -- [--before 15] [--heartbeaters 4] [--cyclers 6]
 *
 * A private PostgreSQL cluster (private-postgres.ts) holds a small dataset; the server runs on it as
 * production starts it. Learners heartbeat their open sessions flat out, others open, heartbeat
 * and end sessions of their own, the trainer reads; after --before seconds the server gets SIGTERM
 * (what an orchestrator or `systemctl stop` sends). The load goes on until the process is gone.
 *
 * It fails (exit code 1) unless: the process exits with code 0 within the shutdown deadline
 * (--deadline, SHUTDOWN_DEADLINE_MS of apps/server/src/main.ts); every request sent before the
 * signal got its answer, a 2xx (none cut, none refused); and every write the server acknowledged
 * is in the database afterwards (checkLedger). Requests sent after the signal are refused or
 * answered 503 (a load balancer sends them to another instance): counted, not judged.
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
    before: { type: 'string', default: '15' },
    learners: { type: 'string', default: '40' },
    cyclers: { type: 'string', default: '6' },
    heartbeaters: { type: 'string', default: '4' },
    deadline: { type: 'string', default: '20' },
    port: { type: 'string', default: '3941' },
    'pg-port': { type: 'string', default: '5545' },
  },
});
const DEADLINE_S = Number(args.deadline);

function summarize(answers: readonly Answer[]) {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[describeStatus(answer)] = (counts[describeStatus(answer)] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}

runDrill(
  {
    name: 'sigterm',
    port: Number(args.port),
    pgPort: Number(args['pg-port']),
    learners: Number(args.learners),
    cyclers: Number(args.cyclers),
  },
  async ({ databaseUrl, world, server, logFile, recorder, acknowledged, loggedErrors }) => {
    const startedAt = Date.now();
    let isDone = false;
    void server.exited.then(() => {
      isDone = true;
    });
    const workers: Promise<void>[] = [];
    for (let w = 0; w < Number(args.heartbeaters); w += 1) {
      workers.push(
        (async () => {
          for (let i = w; !isDone; i += Number(args.heartbeaters))
            await sendHeartbeat(
              recorder,
              acknowledged,
              world.learners[i % world.learners.length]!,
              startedAt,
            );
        })(),
      );
    }
    for (const learner of world.cyclers)
      workers.push(
        cycleSessions({ recorder, acknowledged, learner, isDone: () => isDone, pauseMs: 200, retryMs: 200 }),
      );
    const { trainer } = readRequests(world);
    workers.push(
      (async () => {
        for (let i = 0; !isDone; i += 1) {
          await recorder.send('trainer read', {
            path: trainer[i % trainer.length]!,
            cookie: world.trainerCookie,
          });
          await sleep(20);
        }
      })(),
    );

    await sleep(Number(args.before) * 1000);
    const signalAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    isDone = true;
    await Promise.all(workers);
    const exitSeconds = (exit.at - signalAt) / 1000;
    const ledger = await checkLedger(databaseUrl, acknowledged);
    const answers = recorder.answers;
    const sentBefore = answers.filter((answer) => answer.startedAt < signalAt);
    const inFlight = sentBefore.filter((answer) => answer.endedAt >= signalAt);
    const sentAfter = answers.filter((answer) => answer.startedAt >= signalAt);
    const writesAfter = sentAfter.filter((answer) => answer.kind !== 'trainer read' && isSuccess(answer));
    const errorLines = loggedErrors();

    const checks: DrillChecks = [
      [`the process exited with code 0 within ${DEADLINE_S} s`, exit.code === 0 && exitSeconds <= DEADLINE_S],
      ['every request sent before the signal was answered 2xx', sentBefore.every(isSuccess)],
      ['requests were in flight when the signal came', inFlight.length > 0],
      ['no acknowledged write is missing', ledger.heartbeatsLost + ledger.startsLost + ledger.endsLost === 0],
      ['totals match the closed sessions', ledger.totalsWrong === 0],
    ];
    console.log(`\n### SIGTERM during writes (${describeRun()})\n`);
    console.log(
      `${args.heartbeaters} connections heartbeating ${world.learners.length} learners' sessions flat out, ${world.cyclers.length} learners opening, heartbeating and ending sessions, the trainer reading; SIGTERM after ${((signalAt - startedAt) / 1000).toFixed(1)} s.\n`,
    );
    console.log('| requests | answers | by status |');
    console.log('| --- | ---: | --- |');
    console.log(`| sent before the signal | ${sentBefore.length} | ${summarize(sentBefore)} |`);
    console.log(`| of which in flight at the signal | ${inFlight.length} | ${summarize(inFlight)} |`);
    console.log(`| sent after the signal | ${sentAfter.length} | ${summarize(sentAfter)} |`);
    console.log(
      `\n- Exit: code ${exit.code}${exit.signal ? ` (signal ${exit.signal})` : ''}, ${exitSeconds.toFixed(2)} s after SIGTERM; writes acknowledged after the signal (requests already received): ${writesAfter.length}.`,
    );
    console.log(`- ${describeLedger(ledger)}`);
    console.log(`- The server logged ${errorLines} lines at error level (log: ${logFile}).\n`);
    return checks;
  },
);
