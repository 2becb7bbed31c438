import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createConfirmedUser,
  createTestApp,
  ORIGIN,
  STRONG_PASSWORD,
  signIn,
  type TestApp,
} from '../../../test/helper.ts';
import { auditEvents } from '../audit/audit.tables.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { authTwoFactors, authUsers } from './auth.tables.ts';
import { organizationTwoFactorPolicies } from './two-factor.tables.ts';

/**
 * RFC 6238 written out here rather than taken from better-auth, so the tests prove what an
 * authenticator app relies on: the otpauth URI's base32 secret, SHA-1, 6 digits, 30-second steps.
 */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8)
    bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes);
}
function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 15;
  return ((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}
/** A code that is certainly wrong now: none of the three steps the server accepts. */
function wrongCode(secret: string): string {
  const valid = [-30_000, 0, 30_000].map((shift) => totp(secret, Date.now() + shift));
  let code = 0;
  while (valid.includes(code.toString().padStart(6, '0'))) code += 1;
  return code.toString().padStart(6, '0');
}

// The app's clock drives the rate limits; TOTP runs on real time, like the authenticator app.
let clock = new Date();
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: { ADMIN_EMAILS: 'root@cursus.example' }, now: () => clock });
});
afterAll(() => testApp.close());

const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  testApp.app.inject({ method: 'POST', url, headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
const get = (url: string, cookie: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie } });
const sessionUser = async (cookie: string) => (await get('/api/auth/session', cookie)).json().user;

/** Replaces the cookies a response set (a renewed session) in a Cookie header. */
function mergeCookies(cookie: string, response: LightMyRequestResponse): string {
  const jar = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair] as const));
  for (const pair of cookieHeader(response).split('; ').filter(Boolean)) jar.set(pair.split('=')[0], pair);
  return [...jar.values()].filter((pair) => !pair.endsWith('=')).join('; ');
}

/** Turns two-factor authentication on for the signed-in account; returns its secret, codes and cookie. */
async function enrol(cookie: string) {
  const setup = await post('/api/auth/two-factor/enable', { password: STRONG_PASSWORD }, cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, totpUri } = setup.json();
  const confirmed = await post('/api/auth/two-factor/confirm', { code: totp(secret) }, cookie);
  expect(confirmed.statusCode).toBe(200);
  return {
    secret: secret as string,
    totpUri: totpUri as string,
    recoveryCodes: confirmed.json().recoveryCodes as string[],
    cookie: mergeCookies(cookie, confirmed),
  };
}

/** The password step of a two-factor account: the challenge cookie only. */
async function passwordStep(email: string, url = '/api/auth/sign-in') {
  const response = await post(url, { email, password: STRONG_PASSWORD });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ twoFactorRequired: true });
  return cookieHeader(response);
}

const codeStep = (challenge: string, payload: Record<string, unknown>) =>
  post('/api/auth/sign-in/two-factor', payload, challenge);

async function eventsOf(userId: string, action: string) {
  return testApp.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, userId), eq(auditEvents.action, action)));
}
async function userIdOf(email: string) {
  const [user] = await testApp.database.db.select().from(authUsers).where(eq(authUsers.email, email));
  return user!.id;
}

describe('enrolment', () => {
  it('turns on TOTP after the password and a first code, and shows the recovery codes once', async () => {
    const cookie = await createConfirmedUser(testApp, { email: 'enrol@one.example', role: 'trainer' });
    expect((await get('/api/auth/two-factor', cookie)).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: null,
    });

    const wrongPassword = await post('/api/auth/two-factor/enable', { password: 'Not-The-One-1' }, cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('INVALID_CURRENT_PASSWORD');

    const setup = await post('/api/auth/two-factor/enable', { password: STRONG_PASSWORD }, cookie);
    const { secret, totpUri } = setup.json();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/Cursus:enrol%40one\.example\?/);
    expect(new URL(totpUri).searchParams.get('secret')).toBe(secret);
    expect(setup.json().qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Not on until a code proves the app holds the secret.
    expect((await get('/api/auth/two-factor', cookie)).json().enabled).toBe(false);

    const wrong = await post('/api/auth/two-factor/confirm', { code: wrongCode(secret) }, cookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
    const malformed = await post('/api/auth/two-factor/confirm', { code: '12ab' }, cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details.fields[0].path).toBe('code');

    const confirmed = await post('/api/auth/two-factor/confirm', { code: totp(secret) }, cookie);
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes[0]).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    const renewed = mergeCookies(cookie, confirmed);
    expect((await get('/api/auth/two-factor', renewed)).json()).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    const userId = await userIdOf('enrol@one.example');
    expect(await eventsOf(userId, 'auth.mfa_enabled')).toHaveLength(1);

    // At rest the secret and the codes are encrypted (better-auth, with the auth secret).
    const [row] = await testApp.database.db
      .select()
      .from(authTwoFactors)
      .where(eq(authTwoFactors.userId, userId));
    expect(row!.secret).not.toContain(base32Decode(secret).toString());
    expect(row!.backupCodes).not.toContain(recoveryCodes[0]);
  });

  it('turns it off with the password and a current code only, and regenerates recovery codes', async () => {
    const first = await createConfirmedUser(testApp, { email: 'disable@one.example', role: 'trainer' });
    const { secret, recoveryCodes, cookie } = await enrol(first);

    const regenerated = await post(
      '/api/auth/two-factor/recovery-codes',
      { password: STRONG_PASSWORD },
      cookie,
    );
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recoveryCodes).toHaveLength(10);
    expect(regenerated.json().recoveryCodes).not.toContain(recoveryCodes[0]);

    const noCode = await post(
      '/api/auth/two-factor/disable',
      { password: STRONG_PASSWORD, code: wrongCode(secret) },
      cookie,
    );
    expect(noCode.statusCode).toBe(401);
    const noPassword = await post(
      '/api/auth/two-factor/disable',
      { password: 'Not-The-One-1', code: totp(secret) },
      cookie,
    );
    expect(noPassword.statusCode).toBe(400);
    expect((await get('/api/auth/two-factor', cookie)).json().enabled).toBe(true);

    const disabled = await post(
      '/api/auth/two-factor/disable',
      { password: STRONG_PASSWORD, code: totp(secret) },
      cookie,
    );
    expect(disabled.statusCode).toBe(200);
    const after = mergeCookies(cookie, disabled);
    expect((await get('/api/auth/two-factor', after)).json().enabled).toBe(false);
    expect(await eventsOf(await userIdOf('disable@one.example'), 'auth.mfa_disabled')).toHaveLength(1);
    // Signing in takes the password alone again.
    expect((await signIn(testApp.app, 'disable@one.example')).json().user.email).toBe('disable@one.example');
  });

  it('is for staff: a learner is refused', async () => {
    const cookie = await createConfirmedUser(testApp, { email: 'learner@one.example', role: 'student' });
    const response = await post('/api/auth/two-factor/enable', { password: STRONG_PASSWORD }, cookie);
    expect(response.statusCode).toBe(403);
  });
});

describe('sign-in challenge', () => {
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    const cookie = await createConfirmedUser(testApp, { email: 'code@one.example', role: 'trainer' });
    ({ secret, recoveryCodes } = await enrol(cookie));
  });

  it('asks for a code without opening a session, then signs in with the authenticator code', async () => {
    const challenge = await passwordStep('code@one.example');
    expect(await sessionUser(challenge)).toBeNull();

    // The same code both times: computed again, it was the next step's when real time crossed a
    // 30-second boundary between the two (a CI run), which the reuse guard rightly let through.
    const code = totp(secret);
    const signedIn = await codeStep(challenge, { method: 'totp', code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe('code@one.example');
    expect((await sessionUser(cookieHeader(signedIn))).email).toBe('code@one.example');
    // A used code does not sign anyone in a second time within its validity.
    advance(60_000);
    const again = await codeStep(await passwordStep('code@one.example'), { method: 'totp', code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('accepts each recovery code once', async () => {
    const code = recoveryCodes[0]!;
    const first = await codeStep(await passwordStep('code@one.example'), { method: 'recovery', code });
    expect(first.statusCode).toBe(200);
    const second = await codeStep(await passwordStep('code@one.example'), { method: 'recovery', code });
    expect(second.statusCode).toBe(401);
    expect(second.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
    const used = await eventsOf(await userIdOf('code@one.example'), 'auth.mfa_recovery_used');
    expect(used).toHaveLength(1);
    expect(used[0]!.details).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('refuses a code step without a pending sign-in, and malformed codes by field', async () => {
    const none = await codeStep('', { method: 'totp', code: '123456' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    const malformed = await codeStep('', { method: 'totp', code: 'abcdef' });
    expect(malformed.statusCode).toBe(400);
    expect((await codeStep('', { method: 'sms', code: '123456' })).statusCode).toBe(400);
  });

  it('limits wrong codes per account, emails the owner once and audits the lockout', async () => {
    advance(20 * 60_000);
    const userId = await userIdOf('code@one.example');
    // The earlier tests' refused codes (a reused TOTP, a reused recovery code) are in the trail too.
    const failedBefore = (await eventsOf(userId, 'auth.mfa_challenge_failed')).length;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // A new password step each time: a fresh challenge does not reset the account's count.
      const response = await codeStep(await passwordStep('code@one.example'), {
        method: 'totp',
        code: wrongCode(secret),
      });
      expect(response.statusCode).toBe(401);
    }
    const challenge = await passwordStep('code@one.example');
    const locked = await codeStep(challenge, { method: 'totp', code: totp(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect((await codeStep(challenge, { method: 'totp', code: wrongCode(secret) })).statusCode).toBe(429);

    const mails = await testApp.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'code@one.example'), eq(emailOutbox.template, 'account-locked')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Connexion bloquée après plusieurs échecs');
    expect(await eventsOf(userId, 'auth.lockout')).toHaveLength(1);
    expect(await eventsOf(userId, 'auth.mfa_challenge_failed')).toHaveLength(failedBefore + 5);

    // The window over, the right code signs in again.
    advance(16 * 60_000);
    const signedIn = await codeStep(await passwordStep('code@one.example'), {
      method: 'recovery',
      code: recoveryCodes[1]!,
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('emails the owner when wrong passwords lock the account, and audits each failure', async () => {
    await createConfirmedUser(testApp, { email: 'guessed@one.example', role: 'trainer' });
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await signIn(testApp.app, 'guessed@one.example', 'Wrong-Guess-99')).statusCode).toBe(401);
    expect((await signIn(testApp.app, 'guessed@one.example', 'Wrong-Guess-99')).statusCode).toBe(429);
    const mails = await testApp.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, 'guessed@one.example'), eq(emailOutbox.template, 'account-locked')),
      );
    expect(mails).toHaveLength(1);
    const userId = await userIdOf('guessed@one.example');
    expect(await eventsOf(userId, 'auth.sign_in_failed')).toHaveLength(5);
    expect(await eventsOf(userId, 'auth.lockout')).toHaveLength(1);
  });
});

describe('enforcement', () => {
  it('sends the staff of an organisation requiring it to enrol first, and spares other organisations', async () => {
    const manager = await createConfirmedUser(testApp, {
      email: 'strict@two.example',
      role: 'trainer',
      organizationName: 'Formations Strictes',
    });
    const other = await createConfirmedUser(testApp, {
      email: 'relaxed@three.example',
      role: 'trainer',
      organizationName: 'Formations Souples',
    });
    expect((await get('/api/organizations/mine/two-factor-policy', manager)).json()).toEqual({
      staffRequired: false,
    });
    const set = await testApp.app.inject({
      method: 'PUT',
      url: '/api/organizations/mine/two-factor-policy',
      headers: { ...ORIGIN, cookie: manager },
      payload: { staffRequired: true },
    });
    expect(set.statusCode).toBe(200);
    const bad = await testApp.app.inject({
      method: 'PUT',
      url: '/api/organizations/mine/two-factor-policy',
      headers: { ...ORIGIN, cookie: other },
      payload: { staffRequired: 'yes' },
    });
    expect(bad.statusCode).toBe(400);

    // Until enrolled: 403 with its own code everywhere but enrolment, the session and sign-out.
    expect(await sessionUser(manager)).toMatchObject({ twoFactorEnrolmentRequired: true });
    const blocked = await get('/api/organizations/mine/legal-info', manager);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    expect((await get('/api/auth/two-factor', manager)).json()).toMatchObject({ required: true });
    // The other organisation is untouched, and its policy is its own.
    expect((await get('/api/organizations/mine/legal-info', other)).statusCode).toBe(200);
    expect((await get('/api/organizations/mine/two-factor-policy', other)).json()).toEqual({
      staffRequired: false,
    });

    const { cookie } = await enrol(manager);
    expect((await sessionUser(cookie)).twoFactorEnrolmentRequired).toBeUndefined();
    expect((await get('/api/organizations/mine/legal-info', cookie)).statusCode).toBe(200);
    expect(await eventsOf(await userIdOf('strict@two.example'), 'auth.mfa_enabled')).toHaveLength(1);
  });

  it("keeps each organisation's policy to its own staff in the database", async () => {
    const [otherPolicy] = await testApp.database.db.select().from(organizationTwoFactorPolicies);
    const outsider = await createConfirmedUser(testApp, {
      email: 'outsider@four.example',
      role: 'trainer',
      organizationName: 'Formations Quatre',
    });
    const user = await sessionUser(outsider);
    await expect(
      testApp.database.withTenant(
        { userId: user.id, role: 'trainer', organizationId: user.organizationId },
        (tx) =>
          tx
            .update(organizationTwoFactorPolicies)
            .set({ staffRequired: false })
            .where(eq(organizationTwoFactorPolicies.organizationId, otherPolicy!.organizationId))
            .returning(),
      ),
    ).resolves.toEqual([]);
  });
});

describe('a lost authenticator and lost recovery codes', () => {
  it('lets a platform admin remove the second factor: the owner signs in with their password and is told by email', async () => {
    const admin = await createConfirmedUser(testApp, { email: 'root@cursus.example' });
    expect((await sessionUser(admin)).role).toBe('admin');
    const first = await createConfirmedUser(testApp, {
      email: 'lost@one.example',
      role: 'trainer',
      language: 'en',
    });
    const { cookie } = await enrol(first);
    const userId = await userIdOf('lost@one.example');
    const statusUrl = `/api/auth/accounts/${userId}`;
    expect((await get(statusUrl, admin)).json()).toMatchObject({ twoFactorEnabled: true });

    // The owner's own session cannot; only a platform admin, and never on their own account.
    const byOwner = await post(`${statusUrl}/remove-two-factor`, {}, cookie);
    expect(byOwner.statusCode).toBe(403);
    const ownId = await userIdOf('root@cursus.example');
    const own = await post(`/api/auth/accounts/${ownId}/remove-two-factor`, {}, admin);
    expect(own.statusCode).toBe(403);

    const removed = await post(`${statusUrl}/remove-two-factor`, {}, admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ userId, twoFactorEnabled: false, disabledAt: null });
    const again = await post(`${statusUrl}/remove-two-factor`, {}, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TWO_FACTOR_NOT_ENABLED');
    const unknown = await post(
      '/api/auth/accounts/00000000-0000-4000-8000-000000000000/remove-two-factor',
      {},
      admin,
    );
    expect(unknown.statusCode).toBe(404);

    // The secret and the recovery codes are gone with it: the password alone opens a session.
    const rows = await testApp.database.db
      .select()
      .from(authTwoFactors)
      .where(eq(authTwoFactors.userId, userId));
    expect(rows).toEqual([]);
    const signedIn = await post('/api/auth/sign-in', {
      email: 'lost@one.example',
      password: STRONG_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe('lost@one.example');
    expect((await get('/api/auth/two-factor', cookie)).json()).toMatchObject({ enabled: false });

    const [event] = await eventsOf(userId, 'auth.mfa_disabled');
    expect(event).toMatchObject({
      actorId: ownId,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
      details: { by: 'platform_admin' },
    });
    const mails = await testApp.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, 'lost@one.example'), eq(emailOutbox.template, 'two-factor-removed')),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: 'en' });
    expect(mails[0]!.subject).toBe('Cursus – Two-factor authentication was removed from your account');
  });
});

describe('platform admins in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      env: { NODE_ENV: 'production', ADMIN_EMAILS: 'root@cursus.example' },
      now: () => clock,
    });
  });
  afterAll(() => production.close());

  it('must enrol before anything else, then pass the code step on the admin sign-in', async () => {
    const saved = testApp;
    testApp = production;
    try {
      const first = await createConfirmedUser(production, { email: 'root@cursus.example' });
      const user = await sessionUser(first);
      expect(user).toMatchObject({ role: 'admin', twoFactorEnrolmentRequired: true });
      const blocked = await get('/api/admin/organizations', first);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');

      const { secret } = await enrol(first);
      const challenge = await passwordStep('root@cursus.example', '/api/auth/admin/sign-in');
      const signedIn = await codeStep(challenge, { method: 'totp', code: totp(secret) });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.role).toBe('admin');
      expect((await get('/api/admin/organizations', cookieHeader(signedIn))).statusCode).toBe(200);

      // A trainer with a second factor is refused at the admin sign-in before any code step.
      const trainer = await createConfirmedUser(production, { email: 'staff@five.example', role: 'trainer' });
      await enrol(trainer);
      const refused = await post('/api/auth/admin/sign-in', {
        email: 'staff@five.example',
        password: STRONG_PASSWORD,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('NOT_ADMIN');
      expect(refused.headers['set-cookie']).toBeUndefined();
    } finally {
      testApp = saved;
    }
  });
});
