import path from 'node:path';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { resolveAuthSecret } from '../../lib/secret.ts';
import { isDatabaseEmpty, seedDemo } from './seed-demo.ts';

// npm run seed:demo: the demo organisation on any engine, PostgreSQL included, once.
const env = parseEnv();
const dataDir = path.resolve(env.DATA_DIR);
const database = env.DATABASE_URL
  ? await openDatabase({ databaseUrl: env.DATABASE_URL })
  : await openDatabase({ dataDir });
await database.migrate();
if (!(await isDatabaseEmpty(database))) {
  console.log('The database already has accounts: demo not seeded.');
} else {
  const app = await buildApp({
    env,
    database,
    secret: resolveAuthSecret(env.AUTH_SECRET, dataDir),
    logger: false,
  });
  const accounts = await seedDemo({ database, dataDir, ...app.services });
  for (const account of accounts) console.log(`${account.role}\t${account.email}\t${account.password}`);
  await app.close();
}
await database.close();
