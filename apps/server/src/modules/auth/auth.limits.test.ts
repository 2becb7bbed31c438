import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createConfirmedUser,
  createTestApp,
  lastMailLink,
  ORIGIN,
  STRONG_PASSWORD,
  signIn,
  type TestApp,
} from '../../../test/helper.ts';
import { signInLogs } from '../system/system.tables.ts';
import { authDeviceTokens } from './auth.tables.ts';

describe('sign-in limits under a parallel burst', () => {
  let testApp: TestApp;
  let clock = new Date('2026-11-23T09:00:00Z');
  beforeAll(async () => {
    testApp = await createTestApp({ now: () => clock });
  });
  afterAll(() => testApp.close());

  it('lets at most 5 wrong guesses on one address through, whatever the concurrency', async () => {
    const email = 'burst@limit.example';
    await createConfirmedUser(testApp, { email });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => signIn(testApp.app, email, 'Guess-Word-9')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });

  it('counts every attempt from one IP exactly once, even in parallel', async () => {
    clock = new Date(clock.getTime() + 16 * 60 * 1000); // a new window for this IP
    // 40 different addresses, one guess each: only the per-IP limit (30 per 15 minutes) applies.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        signIn(testApp.app, `nobody${index}@limit.example`, 'Guess-Word-9'),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => testApp.close());

  it('counts a client under the address its proxy appended, whatever it put on the left', async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await signIn(testApp.app, `rotating${attempt}@proxy.example`, 'Guess-Word-9', {
        'x-forwarded-for': `6.6.6.${attempt}, 10.0.0.1`,
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await signIn(testApp.app, 'rotating-last@proxy.example', 'Guess-Word-9', {
      'x-forwarded-for': '7.7.7.7, 10.0.0.1',
    });
    expect(limited.statusCode).toBe(429);
    // Another client behind the same proxy is counted on its own.
    const other = await signIn(testApp.app, 'other@proxy.example', 'Guess-Word-9', {
      'x-forwarded-for': '10.0.0.2',
    });
    expect(other.statusCode).toBe(401);
  });

  it('records the proxy-appended address in the sign-in log', async () => {
    const email = 'logged@proxy.example';
    await createConfirmedUser(testApp, { email });
    const response = await signIn(testApp.app, email, undefined, {
      'x-forwarded-for': '6.6.6.6, 10.0.0.3',
    });
    expect(response.statusCode).toBe(200);
    const userId = response.json().user.id;
    const rows = await testApp.database.db.select().from(signInLogs).where(eq(signInLogs.userId, userId));
    expect(rows.map((row) => row.ipAddress)).toContain('10.0.0.3');
    expect(rows.map((row) => row.ipAddress)).not.toContain('6.6.6.6');
  });
});

describe('with the proxies named (TRUST_PROXY=127.0.0.1,10.0.0.0/8)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
  });
  afterAll(() => testApp.close());

  it('skips the named proxies from the right and stops at the first other address', async () => {
    const email = 'named@proxy.example';
    await createConfirmedUser(testApp, { email });
    const response = await signIn(testApp.app, email, undefined, {
      'x-forwarded-for': '6.6.6.6, 5.5.5.5, 10.1.2.3',
    });
    expect(response.statusCode).toBe(200);
    const rows = await testApp.database.db
      .select()
      .from(signInLogs)
      .where(eq(signInLogs.userId, response.json().user.id));
    // (127.0.0.1 is the sign-in createConfirmedUser made without the header.)
    expect(rows.map((row) => row.ipAddress)).toContain('5.5.5.5');
    expect(rows.map((row) => row.ipAddress)).not.toContain('6.6.6.6');
    expect(rows.map((row) => row.ipAddress)).not.toContain('10.1.2.3');
  });
});

describe('device tokens (the cookie that spares a known browser the per-email limit)', () => {
  let testApp: TestApp;
  let clock = new Date('2026-11-23T09:00:00Z');
  beforeAll(async () => {
    testApp = await createTestApp({ now: () => clock });
  });
  afterAll(() => testApp.close());

  const deviceOf = (cookie: string) => cookie.split('; ').find((part) => part.startsWith('cursus.device='))!;
  /** Five wrong guesses from elsewhere: the address is now limited for browsers it does not know. */
  async function lockOut(email: string) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const guess = await signIn(testApp.app, email, 'Guess-Word-9', { 'x-forwarded-for': '1.1.1.1' });
      expect(guess.statusCode).toBe(401);
    }
    expect((await signIn(testApp.app, email)).statusCode).toBe(429);
  }
  /** A new window for the address and for this file's IP, so each test starts unlimited. */
  const nextWindow = () => {
    clock = new Date(clock.getTime() + 16 * 60 * 1000);
  };

  it('gives each browser a random token of its own, kept only as a hash', async () => {
    nextWindow();
    const email = 'random@device.example';
    const first = deviceOf(await createConfirmedUser(testApp, { email }));
    const second = deviceOf(cookieHeader(await signIn(testApp.app, email)));
    expect(first).not.toBe(second);
    const value = decodeURIComponent(first.split('=')[1]!);
    const rows = await testApp.database.db.select().from(authDeviceTokens);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((row) => row.tokenHash)).not.toContain(value);
  });

  it('spares only the account it was given for', async () => {
    nextWindow();
    const mine = deviceOf(await createConfirmedUser(testApp, { email: 'mine@device.example' }));
    const target = 'theirs@device.example';
    const theirs = deviceOf(await createConfirmedUser(testApp, { email: target }));
    await lockOut(target);
    expect((await signIn(testApp.app, target, undefined, { cookie: mine })).statusCode).toBe(429);
    expect((await signIn(testApp.app, target, undefined, { cookie: theirs })).statusCode).toBe(200);
  });

  it('no longer spares any browser once the password is reset', async () => {
    nextWindow();
    const email = 'reset@device.example';
    const device = deviceOf(await createConfirmedUser(testApp, { email }));
    await lockOut(email);
    // Until then it spares its owner (and the success ends the lock-out).
    expect((await signIn(testApp.app, email, undefined, { cookie: device })).statusCode).toBe(200);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: ORIGIN,
      payload: { email },
    });
    const token = new URL(await lastMailLink(testApp.database, email, '/reset-password')).searchParams.get(
      'token',
    );
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: { token, password: 'Nouveau-Depart-77', confirmPassword: 'Nouveau-Depart-77' },
    });
    expect(reset.statusCode).toBe(200);
    await lockOut(email);
    expect((await signIn(testApp.app, email, 'Nouveau-Depart-77', { cookie: device })).statusCode).toBe(429);
  });

  it('at a password change, no longer spares other browsers, and gives the changing one a new token', async () => {
    nextWindow();
    const email = 'change@device.example';
    const other = deviceOf(await createConfirmedUser(testApp, { email }));
    const here = cookieHeader(await signIn(testApp.app, email));
    const change = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...ORIGIN, cookie: here },
      payload: {
        currentPassword: STRONG_PASSWORD,
        password: 'Tout-Neuf-2026',
        confirmPassword: 'Tout-Neuf-2026',
      },
    });
    expect(change.statusCode).toBe(200);
    const renewed = deviceOf(cookieHeader(change));
    expect(renewed).not.toBe(deviceOf(here));
    await lockOut(email);
    expect((await signIn(testApp.app, email, 'Tout-Neuf-2026', { cookie: other })).statusCode).toBe(429);
    expect((await signIn(testApp.app, email, 'Tout-Neuf-2026', { cookie: deviceOf(here) })).statusCode).toBe(
      429,
    );
    expect((await signIn(testApp.app, email, 'Tout-Neuf-2026', { cookie: renewed })).statusCode).toBe(200);
  });

  it('expires with its cookie, a year after it was given', async () => {
    nextWindow();
    const email = 'year@device.example';
    const device = deviceOf(await createConfirmedUser(testApp, { email }));
    await lockOut(email);
    expect((await signIn(testApp.app, email, undefined, { cookie: device })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 366 * 24 * 60 * 60 * 1000);
    await lockOut(email);
    expect((await signIn(testApp.app, email, undefined, { cookie: device })).statusCode).toBe(429);
  });
});

describe('change-password limit', () => {
  let testApp: TestApp;
  let clock = new Date('2026-11-23T09:00:00Z');
  beforeAll(async () => {
    testApp = await createTestApp({ now: () => clock });
  });
  afterAll(() => testApp.close());

  const change = (cookie: string, currentPassword: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...ORIGIN, cookie },
      payload: { currentPassword, password: 'Tout-Neuf-2026', confirmPassword: 'Tout-Neuf-2026' },
    });

  it('lets at most 5 wrong current passwords through per account, even in parallel, then says when to retry', async () => {
    const cookie = await createConfirmedUser(testApp, { email: 'guessed@change.example' });
    const responses = await Promise.all(Array.from({ length: 12 }, () => change(cookie, 'Guess-Word-9')));
    const codes = responses.map((response) => response.json().error.code);
    expect(codes.filter((code) => code === 'INVALID_CURRENT_PASSWORD')).toHaveLength(5);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(7);

    // Even the right password waits for the window to pass: a guess cannot be told from the owner.
    const limited = await change(cookie, STRONG_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    clock = new Date(clock.getTime() + 16 * 60 * 1000);
    expect((await change(cookie, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('counts per account: another account is not limited by the first one’s failures', async () => {
    const first = await createConfirmedUser(testApp, { email: 'first@change.example' });
    const second = await createConfirmedUser(testApp, { email: 'second@change.example' });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await change(first, 'Guess-Word-9')).statusCode).toBe(400);
    }
    expect((await change(first, 'Guess-Word-9')).statusCode).toBe(429);
    expect((await change(second, 'Guess-Word-9')).statusCode).toBe(400);
  });
});
