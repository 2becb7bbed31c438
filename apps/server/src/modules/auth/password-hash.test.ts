import { describe, expect, it } from 'vitest';
import { scryptHashing } from './password-hash.ts';

const { hash: hashPassword, verify: verifyPassword } = scryptHashing();

/** Made by better-auth 1.7's own hashPassword (@better-auth/utils/password) for 'Cursus-2026!'. */
const BETTER_AUTH_HASH =
  'ea8b89c4f8aa978076667fbb9b814b4e:77fa80e0a964d49eb83c76f0ccd67aee12e9c88b8173522f2b26ae25c0fee8c1f8b6a349aed9b99d2f1216276022bdc61580ba46a380bb0ab88a1ed1e1585988';

describe('password hashes', () => {
  it('accepts the hashes better-auth stored, and only with their password', async () => {
    expect(await verifyPassword({ hash: BETTER_AUTH_HASH, password: 'Cursus-2026!' })).toBe(true);
    expect(await verifyPassword({ hash: BETTER_AUTH_HASH, password: 'Cursus-2026?' })).toBe(false);
  });

  it('writes better-auth’s format with a new salt each time', async () => {
    const [first, second] = [await hashPassword('Cursus-2026!'), await hashPassword('Cursus-2026!')];
    expect(first).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword({ hash: first, password: 'Cursus-2026!' })).toBe(true);
  });

  it('compares the password as better-auth does, after Unicode normalisation (NFKC)', async () => {
    const hash = await hashPassword('Café-2026!');
    expect(await verifyPassword({ hash, password: 'Cafe\u0301-2026!' })).toBe(true);
  });

  it('refuses a hash of another format rather than failing', async () => {
    expect(await verifyPassword({ hash: 'not-a-hash', password: 'Cursus-2026!' })).toBe(false);
    expect(await verifyPassword({ hash: 'abcd:', password: 'Cursus-2026!' })).toBe(false);
  });
});
