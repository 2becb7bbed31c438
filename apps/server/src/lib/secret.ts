import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from './secret.tables.ts';

const AUTH_SECRET_NAME = 'auth_secret';

/**
 * AUTH_SECRET when set; otherwise one generated once and kept in the database, so every instance
 * sharing it signs and checks sessions and email links with the same secret. The first instance to
 * start writes it (insert … on conflict do nothing) and every one reads back whichever won.
 */
export async function resolveAuthSecret(options: {
  configured: string | undefined;
  db: Db;
  dataDir: string;
}): Promise<string> {
  if (options.configured) return options.configured;
  const [stored] = await options.db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, AUTH_SECRET_NAME));
  if (stored) return stored.value;
  // Before the secret lived in the database it was a file in DATA_DIR: adopting it keeps the
  // sessions and emailed links of an installation that upgrades.
  const legacyFile = path.join(options.dataDir, 'auth-secret');
  const legacy = existsSync(legacyFile) ? readFileSync(legacyFile, 'utf8').trim() : '';
  const candidate = legacy.length >= 32 ? legacy : randomBytes(32).toString('base64url');
  await options.db
    .insert(serverSecrets)
    .values({ name: AUTH_SECRET_NAME, value: candidate })
    .onConflictDoNothing();
  const [kept] = await options.db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, AUTH_SECRET_NAME));
  if (!kept) throw new Error('the generated AUTH_SECRET could not be stored');
  return kept.value;
}
