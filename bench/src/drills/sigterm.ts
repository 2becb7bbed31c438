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
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  type Answer,
  checkLedger,
  countLoggedErrors,
  createAcknowledged,
  createDrillData,
  createRecorder,
  cycleSessions,
  describeRun,
  readRequests,
  sendHeartbeat,
  sleep,
  startDrillServer,
} from './drill-support.ts';
import { createPrivatePostgres } from './private-postgres.ts';

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
const PORT = Number(args.port);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DEADLINE_S = Number(args.deadline);

const isSuccess = (answer: Answer) => answer.status >= 200 && answer.status < 300;
const describeStatus = (answer: Answer) =>
  answer.status === 0
    ? `connection ${answer.failure}`
    : `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;

function summarize(answers: readonly Answer[]) {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[describeStatus(answer)] = (counts[describeStatus(answer)] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}

async function main() {
  const folder = mkdtempSync(path.join(tmpdir(), 'cursus-drill-sigterm-'));
  const logFile = path.join(folder, 'server.log');
  const secret = randomBytes(32).toString('base64url');
  const postgres = createPrivatePostgres(Number(args['pg-port']));
  let server: Awaited<ReturnType<typeof startDrillServer>> | undefined;
  try {
    await postgres.start();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database cursus_drill');
    await admin.end();
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/cursus_drill');
    const world = await createDrillData({
      databaseUrl,
      baseUrl: BASE_URL,
      secret,
      learners: Number(args.learners),
      cyclers: Number(args.cyclers),
    });
    server = await startDrillServer({ port: PORT, databaseUrl, secret, logFile });
    const recorder = createRecorder(BASE_URL);
    const acknowledged = createAcknowledged();
    for (const learner of [...world.learners, ...world.cyclers])
      await recorder.send('warm-up', { path: '/api/time-tracking/me', cookie: learner.cookie });
    recorder.answers.length = 0;

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
    const loggedErrors = countLoggedErrors(readFileSync(logFile, 'utf8'));

    const checks: [string, boolean][] = [
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
    console.log(
      `- Ledger: ${ledger.heartbeatsAcknowledged} heartbeats acknowledged on ${ledger.sessionsHeartbeaten} sessions, ${ledger.heartbeatsLost} sessions below an acknowledged count; ${ledger.startsAcknowledged} starts and ${ledger.endsAcknowledged} ends acknowledged, ${ledger.startsLost} and ${ledger.endsLost} missing; totals wrong: ${ledger.totalsWrong}.`,
    );
    console.log(`- The server logged ${loggedErrors} lines at error level (log: ${logFile}).\n`);
    for (const [name, passed] of checks) console.log(`- ${passed ? 'PASS' : 'FAIL'}: ${name}`);
    if (checks.some(([, passed]) => !passed)) process.exitCode = 1;
    else if (loggedErrors === 0) rmSync(folder, { recursive: true, force: true });
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await postgres.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
