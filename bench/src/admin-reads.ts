/**
 * How long the platform admin's pages take to answer over every organisation, one request at a time:
 * the app is built as the server builds it on a dataset database and each admin read route is called
 * with `inject`. These routes read the whole platform (its figures, every learner, every trainer),
 * so they grow with it; the load scenarios of `npm run bench` cover the learners' and trainers'
 * routes, which stay within one organisation.
 *
 *   npm run bench:admin-reads -- [--scale 1] [--requests 6]
 *
 * The dataset database of `--scale` must exist (`npm run bench -- --scale 1`, or `bench:seed`). The
 * generator makes no admin, so one is inserted for the run (ids prefixed `bench-admin-`) and removed
 * at the end, with its session. Only 127.0.0.1 is contacted.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { databaseUrl } from './support/database.ts';
import { signedSessionCookie } from './support/server.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    requests: { type: 'string', default: '6' },
  },
});
const REQUESTS = Number(args.requests);
const SECRET = 'bench-admin-reads-secret-0123456789abcdef';
const ADMIN_ID = `bench-admin-${process.pid}`;
const ROUTES: [string, string][] = [
  ['platform figures', '/api/admin/platform'],
  ['organisations', '/api/admin/organizations'],
  ['learners, every organisation', '/api/admin/learners'],
  ['trainers, every organisation', '/api/admin/trainers'],
  ['learner list, every organisation', '/api/organizations/students'],
  ['connection logs, every organisation', '/api/time-tracking/connection-logs'],
  ['catalogue', '/api/admin/catalogue'],
];

const url = databaseUrl(`cursus_dataset_s${args.scale.replace('.', '_')}`);
const client = new pg.Client({ connectionString: url });
await client.connect();
const email = `${ADMIN_ID}@cursus.example`;
await client.query(
  `insert into auth_users (id, name, email, email_verified) values ($1, 'Bench Admin', $2, true)`,
  [ADMIN_ID, email],
);
await client.query(
  `insert into profiles (id, email, full_name, first_name, last_name, role)
   values ($1, $2, 'Bench Admin', 'Bench', 'Admin', 'admin')`,
  [ADMIN_ID, email],
);
await client.query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [ADMIN_ID]);
await client.query(
  `insert into auth_sessions (id, token, expires_at, user_id) values ($1, $1, now() + interval '1 hour', $1)`,
  [ADMIN_ID],
);
const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
const { app } = await buildApp({
  env: parseEnv({ NODE_ENV: 'test', APP_URL: 'http://127.0.0.1:3000', LOG_LEVEL: 'silent' }),
  database,
  secret: SECRET,
  logger: false,
  webDist: '/nonexistent',
});
const cookie = signedSessionCookie(ADMIN_ID, SECRET);
try {
  console.log(`${REQUESTS} requests per route, one at a time, as a platform admin on ${url}\n`);
  console.log('| route | path | median ms | fastest ms | slowest ms |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const [name, path] of ROUTES) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      const response = await app.inject({ url: path, headers: { cookie } });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const ms = (value: number) => value.toFixed(1);
    console.log(
      `| ${name} | \`${path}\` | ${ms(times[Math.floor(times.length / 2)]!)} | ${ms(times[0]!)} | ${ms(times.at(-1)!)} |`,
    );
  }
} finally {
  await app.close();
  await database.close();
  // The session, profile and role go with the account (on delete cascade).
  await client.query('delete from auth_users where id = $1', [ADMIN_ID]);
  await client.end();
}
