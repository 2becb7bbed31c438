import path from 'node:path';
import { buildApp } from './app.ts';
import { parseEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { isDatabaseEmpty, seedDemo } from './demo-seed.ts';
import { resolveAuthSecret } from './lib/secret.ts';

// npm run seed:demo: the demo organisation on any engine, PostgreSQL included, once.
const env = parseEnv();
const dataDir = path.resolve(env.DATA_DIR);
const database = env.DATABASE_URL
  ? await openDatabase({ databaseUrl: env.DATABASE_URL, ownerUrl: env.DATABASE_OWNER_URL })
  : await openDatabase({ dataDir });
await database.migrate();
const { app, modules } = await buildApp({
  env,
  database,
  secret: await resolveAuthSecret({ configured: env.AUTH_SECRET, db: database.db, dataDir }),
  logger: false,
});
if (!(await isDatabaseEmpty(modules))) {
  console.log('The database already has accounts: demo not seeded.');
} else {
  const accounts = await seedDemo({ modules, dataDir });
  for (const account of accounts) console.log(`${account.role}\t${account.email}\t${account.password}`);
}
await app.close();
await database.close();
