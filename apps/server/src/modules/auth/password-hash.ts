import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * better-auth's password hash, same parameters and format (@better-auth/utils/password: scrypt
 * N=16384 r=16 p=1, a 64-byte key, `salt:key` in hex, the salt's hex text as scrypt's salt), so
 * every stored hash stays valid either way. better-auth computes it in JavaScript on the event
 * loop, 1 to 1.4 s of CPU per sign-in on these machines; Node's scrypt gives the same key in about
 * a tenth of that, on libuv's thread pool, while the server goes on answering others.
 */
const KEY_BYTES = 64;

/** scrypt's cost: better-auth's, which every stored hash was made with. */
export const PASSWORD_COST = 16384;

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash that is not of this format (never stored by us). */
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * The hash at scrypt cost `cost` (N). The stored format does not record it, so every hash an app
 * reads must be made at its own cost: PASSWORD_COST for every stored hash; the API tests give their
 * apps a cost 16 times lower (test/helper.ts), as each of their sign-ups and sign-ins paid some
 * 90 ms of CPU for it, about a quarter of the server suites' CPU.
 */
export function scryptHashing(cost = PASSWORD_COST): PasswordHashing {
  const options = { N: cost, r: 16, p: 1, maxmem: 128 * cost * 16 * 2 };
  const derive = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await derive(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const [salt, key] = hash.split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const derived = await derive(password, salt);
      return expected.length === derived.length && timingSafeEqual(expected, derived);
    },
  };
}
