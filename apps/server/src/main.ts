import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { EnvError, parseEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { isDatabaseEmpty, seedDemo } from './demo-seed.ts';
import { resolveAuthSecret } from './lib/secret.ts';
import { createShutdown } from './lib/shutdown.ts';

const OUTBOX_INTERVAL_MS = 30_000;
/** Shutdown finishes what is in flight, or gives up after this long and exits anyway. */
const SHUTDOWN_DEADLINE_MS = 20_000;

async function main() {
  const startedAt = Date.now();
  // .env.example says how: variables already set in the environment win over the file.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dataDir = path.resolve(env.DATA_DIR);
  // A lost pool connection is reported in the app's JSON log, with the rest. The pools open before
  // the app exists (it needs the migrated database), so until then it goes to the console.
  let appLog: FastifyBaseLogger | undefined;
  const log = {
    error: (object: object, message: string) =>
      appLog ? appLog.error(object, message) : console.error(message, object),
  };
  const database = env.DATABASE_URL
    ? await openDatabase({ databaseUrl: env.DATABASE_URL, ownerUrl: env.DATABASE_OWNER_URL, log })
    : await openDatabase({ dataDir });
  await database.migrate();
  const secret = await resolveAuthSecret({ configured: env.AUTH_SECRET, db: database.db, dataDir });
  const { app, modules, scheduler } = await buildApp({ env, database, secret });
  appLog = app.log;

  // The demo seeds itself only on an empty embedded database; on PostgreSQL: npm run seed:demo.
  const demoFile = path.join(dataDir, 'demo-accounts.txt');
  let hasSeeded = false;
  if (database.kind === 'pglite' && env.SEED_DEMO && (await isDatabaseEmpty(modules))) {
    await seedDemo({ modules, dataDir });
    hasSeeded = true;
  }

  // Retries and whatever a previous run left pending; a new message is sent as soon as it is queued.
  // A slow batch never overlaps the next (Mailer.deliverSoon).
  const outboxTimer = setInterval(() => modules.email.service.deliverSoon(), OUTBOX_INTERVAL_MS);
  outboxTimer.unref();

  const shutdown = createShutdown({
    steps: [
      async () => clearInterval(outboxTimer),
      // In-flight requests first: they may still queue an email, which the batch below then sends.
      () => app.close(),
      () => scheduler.stop(),
      () => modules.email.service.idle(),
      () => database.close(),
    ],
    deadlineMs: SHUTDOWN_DEADLINE_MS,
    log: app.log,
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // Hourly time-tracking integrity check and future jobs (ADR 004).
  scheduler.start();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `\nCursus is running on ${env.APP_URL} (started in ${seconds} s, ${database.kind === 'pglite' ? `embedded database in ${dataDir}` : 'PostgreSQL'})`,
  );
  // The passwords go to the console once, on the start that created them; logs are kept and shared
  // longer than a terminal, so later starts only say where they are.
  if (hasSeeded && existsSync(demoFile)) {
    console.log(`Demo accounts (Organisme Démo), kept in ${demoFile}:`);
    for (const line of readFileSync(demoFile, 'utf8').split('\n')) {
      if (line && !line.startsWith('#')) console.log(`  ${line.split('\t').join('  ')}`);
    }
  } else if (env.SEED_DEMO && existsSync(demoFile)) {
    console.log(`Demo accounts (Organisme Démo): see ${demoFile}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
