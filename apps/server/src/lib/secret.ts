import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
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

/**
 * Encrypts a sensitive field (a learner's social security number) with AES-256-GCM under a key
 * derived from the app secret by HKDF, one key per `purpose`: a database dump alone reveals
 * nothing, and the tag refuses a ciphertext altered or moved from another column. Output:
 * `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createFieldCipher(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'cursus-field-cipher', purpose, 32));
  return {
    encrypt(plaintext: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), encrypted]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored: string): string {
      const [version, iv, tag, encrypted] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || encrypted === undefined)
        throw new Error('unknown ciphertext format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
