import path from 'node:path';
import { parseEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';

const env = parseEnv();
const database = env.DATABASE_URL
  ? await openDatabase({ databaseUrl: env.DATABASE_URL, ownerUrl: env.DATABASE_OWNER_URL })
  : await openDatabase({ dataDir: path.resolve(env.DATA_DIR) });
await database.migrate();
await database.close();
console.log('Migrations applied.');
