import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * better-auth's password hash, same parameters and format (@better-auth/utils/password: scrypt
 * N=16384 r=16 p=1, a 64-byte key, `salt:key` in hex, the salt's hex text as scrypt's salt), so
 * every stored hash stays valid either way. better-auth computes it in JavaScript on the event
 * loop, 1 to 1.4 s of CPU per sign-in on these machines; Node's scrypt gives the same key in about
 * a tenth of that, on libuv's thread pool, while the server goes on answering others.
 */
const SCRYPT = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };
const KEY_BYTES = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${(await derive(password, salt)).toString('hex')}`;
}

/** False for a wrong password and for a hash that is not of this format (never stored by us). */
export async function verifyPassword({ hash, password }: { hash: string; password: string }) {
  const [salt, key] = hash.split(':');
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'hex');
  const derived = await derive(password, salt);
  return expected.length === derived.length && timingSafeEqual(expected, derived);
}
