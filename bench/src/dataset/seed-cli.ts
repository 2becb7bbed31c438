/**
 * Loads the large dataset (issue 12, point 3) into a fresh database:
 *
 *   npm run bench:seed -- --scale 0.1 [--seed 1] [--as-of 2025-06-02T10:00:00Z]
 *     [--database-url postgres://…/cursus_dataset | --data-dir ./data-bench] [--keep]
 *
 * PostgreSQL by default: the database `cursus_dataset` on BENCH_POSTGRES_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped and created again. `--database-url` names
 * an existing, empty database instead; `--data-dir` loads the embedded engine (small scales: it runs
 * at about a fifth of PostgreSQL's speed). Migrations run first; rows are written as the owner.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { DATASET_PASSWORD, DATASET_STATEMENT_TIMEOUT_MS, generateDataset } from './generate-dataset.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.1' },
    seed: { type: 'string', default: '1' },
    'as-of': { type: 'string' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATASET_DB = 'cursus_dataset';

/** A fresh `cursus_dataset` database on the benchmark server, and its URL. */
async function recreateDatasetDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATASET_DB} with (force)`);
  await admin.query(`create database ${DATASET_DB}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATASET_DB}`;
  return url.toString();
}

const started = Date.now();
const target = args['data-dir']
  ? { dataDir: args['data-dir'] }
  : {
      databaseUrl: args['database-url'] ?? (await recreateDatasetDatabase()),
      statementTimeoutMs: DATASET_STATEMENT_TIMEOUT_MS,
    };
const database = await openDatabase(target);
try {
  await database.migrate();
  console.log(`scale ${args.scale}, seed ${args.seed}, ${database.kind}`);
  const summary = await generateDataset(database, {
    scale: Number(args.scale),
    seed: Number(args.seed),
    asOf: args['as-of'] ? new Date(args['as-of']) : undefined,
    log: (line) => console.log(line),
  });
  console.log('\nrows:');
  for (const [table, count] of Object.entries(summary.rows)) console.log(`  ${table.padEnd(24)} ${count}`);
  console.log(`\nloaded in ${((Date.now() - started) / 1000).toFixed(1)} s (migrations included)`);
  console.log(`password of every account: ${DATASET_PASSWORD}`);
  console.log(`learners: ${summary.accounts.learners.join(', ')}`);
  console.log(`trainers: ${summary.accounts.trainers.join(', ')}`);
} finally {
  await database.close();
}
