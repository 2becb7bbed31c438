import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  cookieHeader,
  createConfirmedUser,
  createTestApp,
  lastMailLink,
  ORIGIN,
  STRONG_PASSWORD,
  signIn,
  signUp,
  type TestApp,
} from '../../../test/helper.ts';

let clock = new Date('2026-11-22T09:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { ADMIN_EMAILS: 'root@cursus.example' }, now: () => clock });
});
afterAll(() => testApp.close());

const session = (cookie: string) =>
  testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

describe('sign-up and email confirmation', () => {
  it('creates a trainer with the organisation they named, and asks for confirmation', async () => {
    const response = await signUp(testApp.app, {
      email: 'trainer@one.example',
      role: 'trainer',
      organizationName: 'Formations Une',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emailConfirmationRequired: true });

    const refused = await signIn(testApp.app, 'trainer@one.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('EMAIL_NOT_CONFIRMED');

    const link = await lastMailLink(testApp.database, 'trainer@one.example', '/api/auth/verify-email');
    const confirmed = await testApp.app.inject({ method: 'GET', url: link.replace(APP_URL, '') });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/auth?mode=signin&confirmed=1');

    const signedIn = await signIn(testApp.app, 'trainer@one.example');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      role: 'trainer',
      organizationName: 'Formations Une',
      fullName: 'Anne de la Tour',
      emailVerified: true,
    });
  });

  it('gives a trainer who named no organisation one of their own', async () => {
    const cookie = await createConfirmedUser(testApp, { email: 'solo@two.example', role: 'trainer' });
    const { user } = (await session(cookie)).json();
    expect(user.organizationName).toBe('Organisme de formation de Anne de la Tour');
  });

  it('leaves a student without organisation, waiting to be assigned', async () => {
    const cookie = await createConfirmedUser(testApp, { email: 'waiting@student.example' });
    const { user } = (await session(cookie)).json();
    expect(user).toMatchObject({ role: 'student', organizationId: null });
  });

  it('refuses an address that already has an account', async () => {
    const response = await signUp(testApp.app, { email: 'trainer@one.example' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ACCOUNT_EXISTS');
  });

  it('refuses weak, common and mismatching passwords, naming the field', async () => {
    const weak = await signUp(testApp.app, { email: 'weak@x.example', password: 'abcdefgh' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.fields[0]).toEqual({ path: 'password', message: 'PASSWORD_TOO_WEAK' });

    const common = await signUp(testApp.app, { email: 'common@x.example', password: 'Azerty123!' });
    expect(common.json().error.code).toBe('PASSWORD_TOO_COMMON');

    const mismatch = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: ORIGIN,
      payload: {
        firstName: 'A',
        lastName: 'B',
        email: 'mismatch@x.example',
        role: 'student',
        password: STRONG_PASSWORD,
        confirmPassword: `${STRONG_PASSWORD}x`,
      },
    });
    expect(mismatch.json().error.details.fields).toEqual([
      { path: 'confirmPassword', message: 'PASSWORDS_DONT_MATCH' },
    ]);
  });

  it('explains a bad field in the language asked for', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...ORIGIN, 'accept-language': 'en-GB' },
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^Field “email”: /);
  });

  it('sends a confirmation mail again on request, without telling whether the account exists', async () => {
    for (const email of ['waiting@student.example', 'nobody@nowhere.example']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/resend-confirmation',
        headers: ORIGIN,
        payload: { email },
      });
      expect(response.json()).toEqual({ ok: true });
    }
  });

  it('sends an invalid confirmation link back to sign-in with the error', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=forged' });
    expect(response.headers.location).toBe('/auth?mode=signin&confirmError=RESET_LINK_INVALID');
  });
});

describe('sessions', () => {
  it('sets an http-only, SameSite session cookie and a new session at each sign-in', async () => {
    const first = await signIn(testApp.app, 'trainer@one.example');
    const second = await signIn(testApp.app, 'trainer@one.example');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/cursus\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(cookieHeader(first)).not.toBe(cookieHeader(second));
  });

  it('invalidates the session on the server at sign-out', async () => {
    const cookie = cookieHeader(await signIn(testApp.app, 'trainer@one.example'));
    expect((await session(cookie)).json().user.email).toBe('trainer@one.example');
    const out = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...ORIGIN, cookie },
    });
    expect(out.statusCode).toBe(200);
    // The old cookie, replayed, no longer opens anything.
    expect((await session(cookie)).json().user).toBeNull();
  });

  it('answers wrong credentials with the same message whether the account exists or not', async () => {
    const wrong = await signIn(testApp.app, 'trainer@one.example', 'Wrong-Password-1');
    const unknown = await signIn(testApp.app, 'ghost@nowhere.example', 'Wrong-Password-1');
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses state-changing requests from another origin', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'trainer@one.example', password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ORIGIN_REJECTED');
  });

  it('sends security headers, a content security policy among them', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/auth' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBeDefined();
    // An API answer is data, never a page: nothing may run or frame it.
    const api = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('rate limiting', () => {
  it('slows down guessing on one address and says when to retry, but not for its owner’s browser', async () => {
    const email = 'target@limit.example';
    const ownerCookie = await createConfirmedUser(testApp, { email });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await signIn(testApp.app, email, 'Guess-Word-9', { 'x-forwarded-for': '1.1.1.1' })).statusCode,
      ).toBe(401);
    }
    const limited = await signIn(testApp.app, email, STRONG_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.details.retryAfterSeconds).toBeGreaterThan(0);

    // The browser that signed in before carries the device cookie: its owner is not locked out.
    const owner = await signIn(testApp.app, email, STRONG_PASSWORD, { cookie: ownerCookie });
    expect(owner.statusCode).toBe(200);

    // Fifteen minutes later the window has passed for everyone.
    clock = new Date(clock.getTime() + 16 * 60 * 1000);
    expect((await signIn(testApp.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a link to /reset-password that sets a new password once', async () => {
    const email = 'forgetful@reset.example';
    await createConfirmedUser(testApp, { email });
    const asked = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: ORIGIN,
      payload: { email },
    });
    expect(asked.json()).toEqual({ ok: true });
    const link = new URL(await lastMailLink(testApp.database, email, '/reset-password'));
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    const reset = (password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: ORIGIN,
        payload: { token, password, confirmPassword: password },
      });
    expect((await reset('Nouveau-Depart-77')).json()).toEqual({ ok: true });
    expect((await signIn(testApp.app, email, 'Nouveau-Depart-77')).statusCode).toBe(200);
    expect((await signIn(testApp.app, email, STRONG_PASSWORD)).statusCode).toBe(401);

    const reused = await reset('Encore-Autre-88');
    expect(reused.json().error.code).toBe('RESET_LINK_INVALID');
  });

  it('changes the password of a signed-in user who knows the current one', async () => {
    const email = 'changer@reset.example';
    const cookie = await createConfirmedUser(testApp, { email });
    const change = (currentPassword: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { ...ORIGIN, cookie },
        payload: { currentPassword, password: 'Tout-Neuf-2026', confirmPassword: 'Tout-Neuf-2026' },
      });
    expect((await change('Not-The-One-1')).json().error.code).toBe('INVALID_CURRENT_PASSWORD');
    expect((await change(STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(testApp.app, email, 'Tout-Neuf-2026')).statusCode).toBe(200);
  });
});

describe('administrators', () => {
  const adminSignIn = (email: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/admin/sign-in',
      headers: ORIGIN,
      payload: { email, password: STRONG_PASSWORD },
    });

  it('refuses a trainer at the admin sign-in and leaves no session behind', async () => {
    const response = await adminSignIn('trainer@one.example');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('NOT_ADMIN');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('makes the accounts of ADMIN_EMAILS platform admins', async () => {
    await createConfirmedUser(testApp, { email: 'root@cursus.example' });
    const response = await adminSignIn('root@cursus.example');
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('admin');
  });
});

describe('preferences', () => {
  /** Asks for English, signed in with `cookie` or signed out without. */
  const chooseEnglish = (cookie?: string) =>
    testApp.app.inject({
      method: 'PATCH',
      url: '/api/auth/preferences',
      headers: cookie ? { ...ORIGIN, cookie } : ORIGIN,
      payload: { language: 'en' },
    });

  it('keeps the language choice on the account', async () => {
    const cookie = await createConfirmedUser(testApp, { email: 'polyglot@x.example' });
    const response = await chooseEnglish(cookie);
    expect(response.json().user.language).toBe('en');
    expect((await session(cookie)).json().user.language).toBe('en');
  });

  it('refuses preferences without a session', async () => {
    const response = await chooseEnglish();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('NO_SESSION');
  });
});
