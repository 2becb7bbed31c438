import type { AccountSessionList, AccountStatus } from '@cursus/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import {
  cookieHeader,
  createConfirmedUser,
  lastMailLink,
  ORIGIN,
  STRONG_PASSWORD,
  signIn,
  signUp,
} from '../../../test/helper.ts';
import { rateLimitAttempts } from '../../lib/rate-limit.tables.ts';
import { auditEvents } from '../audit/audit.tables.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { authUsers } from './auth.tables.ts';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let world: CoursesWorld;
beforeAll(async () => {
  world = await createCoursesWorld();
});
afterAll(() => world.close());
// Every test signs people up from the one test IP: its hourly sign-up limit is not the subject here.
beforeEach(() => db().delete(rateLimitAttempts));

const app = () => world.testApp.app;
const db = () => world.testApp.database.db;

function request(cookie: string | null, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return app().inject({ method, url, headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) } });
}
const listSessions = (cookie: string) => request(cookie, 'GET', '/api/auth/sessions');
const sessionCookie = (response: Awaited<ReturnType<typeof signIn>>) =>
  cookieHeader(response)
    .split('; ')
    .filter((cookie) => cookie.startsWith('cursus.session_token='))
    .join('; ');

/** A confirmed account signed in from two browsers: the first (its sign-up's) and a Firefox. */
async function twoBrowsers(email: string, language: 'fr' | 'en' = 'fr') {
  const first = await createConfirmedUser(world.testApp, { email, language });
  const second = sessionCookie(
    await signIn(app(), email, STRONG_PASSWORD, { 'user-agent': FIREFOX_WINDOWS }),
  );
  return { first, second };
}

const mailsTo = (to: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(asc(emailOutbox.createdAt));
const eventsOn = (action: string, targetId: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));

describe('my sessions', () => {
  it('shows the address the server resolved, not one the client wrote in X-Forwarded-For', async () => {
    const email = 'spoofed-ip@sessions.example';
    await createConfirmedUser(world.testApp, { email });
    // No TRUST_PROXY here: the header is the client's own word.
    const cookie = sessionCookie(
      await signIn(app(), email, STRONG_PASSWORD, { 'x-forwarded-for': '6.6.6.6' }),
    );
    const list = expectStatus<AccountSessionList>(await listSessions(cookie), 200);
    expect(list.sessions.find((session) => session.current)?.ipAddress).toBe('127.0.0.1');
    expect(JSON.stringify(list)).not.toContain('6.6.6.6');
  });

  it("lists the caller's own live sessions only, the current one marked, never a token", async () => {
    const { first, second } = await twoBrowsers('two-browsers@sessions.example');
    const list = expectStatus<AccountSessionList>(await listSessions(second), 200);
    expect(list.sessions).toHaveLength(2);
    const current = list.sessions.find((session) => session.current);
    expect(current).toMatchObject({ browser: 'Firefox', os: 'Windows', ipAddress: '127.0.0.1' });
    expect(list.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toMatch(/token/i);
    // Read from the first browser, the other one is current.
    const fromFirst = expectStatus<AccountSessionList>(await listSessions(first), 200);
    expect(fromFirst.sessions.find((session) => session.current)?.id).not.toBe(current?.id);
    // Nobody else's sessions appear.
    const trainerSessions = expectStatus<AccountSessionList>(
      await listSessions(world.users.trainerA.cookie),
      200,
    );
    const ids = new Set(list.sessions.map((session) => session.id));
    expect(trainerSessions.sessions.some((session) => ids.has(session.id))).toBe(false);
    expect((await request(null, 'GET', '/api/auth/sessions')).statusCode).toBe(401);
  });

  it('ends one session: its cookie is refused at once', async () => {
    const { first, second } = await twoBrowsers('end-one@sessions.example');
    const list = expectStatus<AccountSessionList>(await listSessions(first), 200);
    const other = list.sessions.find((session) => !session.current)!;
    expectStatus(await request(first, 'DELETE', `/api/auth/sessions/${other.id}`), 200);
    expect((await listSessions(second)).statusCode).toBe(401);
    expect((await listSessions(first)).statusCode).toBe(200);
    const [event] = await eventsOn('auth.sessions_revoked', await userIdOf(first));
    expect(event).toMatchObject({ ip: '127.0.0.1', details: { scope: 'one', revoked: 1 } });
  });

  it('ends every other session and keeps the current one', async () => {
    const email = 'end-others@sessions.example';
    const { first, second } = await twoBrowsers(email);
    const third = sessionCookie(await signIn(app(), email, STRONG_PASSWORD, { 'user-agent': SAFARI_IPHONE }));
    const ended = expectStatus<{ revoked: number }>(
      await request(third, 'POST', '/api/auth/sessions/revoke-others'),
      200,
    );
    expect(ended.revoked).toBe(2);
    expect((await listSessions(first)).statusCode).toBe(401);
    expect((await listSessions(second)).statusCode).toBe(401);
    const left = expectStatus<AccountSessionList>(await listSessions(third), 200);
    expect(left.sessions).toEqual([expect.objectContaining({ current: true, browser: 'Safari', os: 'iOS' })]);
  });

  it("cannot end another person's session: 404, and that session lives on", async () => {
    const victim = expectStatus<AccountSessionList>(await listSessions(world.users.trainerA.cookie), 200);
    const target = victim.sessions.find((session) => session.current)!;
    const refused = await world.call('studentA1', 'DELETE', `/api/auth/sessions/${target.id}`);
    expect(expectStatus(refused, 404).error.code).toBe('SESSION_NOT_FOUND');
    expect((await listSessions(world.users.trainerA.cookie)).statusCode).toBe(200);
  });
});

async function userIdOf(cookie: string): Promise<string> {
  return (await request(cookie, 'GET', '/api/auth/session')).json().user.id;
}

describe("an admin's actions on an account", () => {
  it("ends all of a user's sessions", async () => {
    const { first, second } = await twoBrowsers('lost-phone@sessions.example');
    const userId = await userIdOf(first);
    const ended = expectStatus<{ revoked: number }>(
      await world.call('admin', 'POST', `/api/auth/accounts/${userId}/revoke-sessions`),
      200,
    );
    expect(ended.revoked).toBe(2);
    expect((await listSessions(first)).statusCode).toBe(401);
    expect((await listSessions(second)).statusCode).toBe(401);
    const [event] = await eventsOn('auth.sessions_revoked', userId);
    expect(event).toMatchObject({ actorId: world.users.admin.id, details: { scope: 'all', revoked: 2 } });
  });

  it('disables an account: its sessions end at once and no sign-in passes until it is enabled again', async () => {
    const email = 'disabled@sessions.example';
    const { first } = await twoBrowsers(email);
    const userId = await userIdOf(first);
    const disabled = expectStatus<AccountStatus>(
      await world.call('admin', 'POST', `/api/auth/accounts/${userId}/disable`),
      200,
    );
    expect(disabled).toMatchObject({ userId, activeSessions: 0 });
    expect(disabled.disabledAt).not.toBeNull();
    expect((await listSessions(first)).statusCode).toBe(401);

    // The right password is told the account is disabled; a wrong one learns nothing more.
    const refused = await signIn(app(), email);
    expect(expectStatus(refused, 403).error.code).toBe('ACCOUNT_DISABLED');
    expect(refused.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
    expect(expectStatus(await signIn(app(), email, 'Not-The-One-1'), 401).error.code).toBe(
      'INVALID_CREDENTIALS',
    );
    const status = expectStatus<AccountStatus>(
      await world.call('admin', 'GET', `/api/auth/accounts/${userId}`),
      200,
    );
    expect(status.disabledAt).toBe(disabled.disabledAt);

    const enabled = expectStatus<AccountStatus>(
      await world.call('admin', 'POST', `/api/auth/accounts/${userId}/enable`),
      200,
    );
    expect(enabled.disabledAt).toBeNull();
    expect((await signIn(app(), email)).statusCode).toBe(200);
    const [disabledEvent] = await eventsOn('account.disabled', userId);
    expect(disabledEvent).toMatchObject({
      actorId: world.users.admin.id,
      before: { disabledAt: null },
      after: { disabledAt: disabled.disabledAt },
    });
    expect(await eventsOn('account.enabled', userId)).toHaveLength(1);
  });

  it('refuses a session the disabling raced: an account disabled after its session was made', async () => {
    const cookie = await createConfirmedUser(world.testApp, { email: 'raced@sessions.example' });
    const userId = await userIdOf(cookie);
    // As if a sign-in had slipped its session in just after the disabling deleted the others.
    await db().update(authUsers).set({ disabledAt: new Date() }).where(eq(authUsers.id, userId));
    expect((await listSessions(cookie)).statusCode).toBe(401);
  });

  it('keeps the disabling to platform admins', async () => {
    const target = world.users.studentA1.id;
    for (const person of ['trainerA', 'studentA2'] as const) {
      const refused = await world.call(person, 'POST', `/api/auth/accounts/${target}/disable`);
      expect(expectStatus(refused, 403).error.code).toBe('NOT_AUTHORIZED');
      expect(
        (await world.call(person, 'POST', `/api/auth/accounts/${target}/revoke-sessions`)).statusCode,
      ).toBe(403);
    }
    expect((await world.call(null, 'POST', `/api/auth/accounts/${target}/disable`)).statusCode).toBe(401);
    expect((await world.call('studentA1', 'GET', '/api/auth/sessions')).statusCode).toBe(200);
    // Not their own account either, and an unknown or malformed id is answered as such.
    const self = await world.call('admin', 'POST', `/api/auth/accounts/${world.users.admin.id}/disable`);
    expect(self.statusCode).toBe(403);
    const unknown = await world.call(
      'admin',
      'POST',
      '/api/auth/accounts/0b7e6a4c-35c4-4d4e-9b7f-1f2e3d4c5b6a/disable',
    );
    expect(expectStatus(unknown, 404).error.code).toBe('USER_NOT_FOUND');
    const malformed = await world.call('admin', 'GET', '/api/auth/accounts/not-a-uuid');
    expect(expectStatus(malformed, 400).error.details.fields[0].path).toBe('userId');
  });
});

describe('account emails', () => {
  it('tells the owner of a sign-in from a new device, in their language, but not of a known device or the first sign-in', async () => {
    const email = 'new-device@emails.example';
    expectStatus(await signUp(app(), { email, language: 'en' }), 200);
    const confirm = await lastMailLink(world.testApp.database, email, '/api/auth/verify-email');
    await app().inject({ method: 'GET', url: confirm.replace('http://localhost:3000', '') });
    const firstSignIn = await signIn(app(), email);
    expect(firstSignIn.statusCode).toBe(200);
    const device = cookieHeader(firstSignIn)
      .split('; ')
      .find((cookie) => cookie.startsWith('cursus.device='))!;
    // The same browser again: known.
    expect((await signIn(app(), email, STRONG_PASSWORD, { cookie: device })).statusCode).toBe(200);
    expect((await mailsTo(email)).map((mail) => mail.template)).toEqual(['confirm-email']);

    expect((await signIn(app(), email, STRONG_PASSWORD, { 'user-agent': FIREFOX_WINDOWS })).statusCode).toBe(
      200,
    );
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail).toMatchObject({ template: 'new-device-sign-in', language: 'en' });
    expect(mail.subject).toBe('Cursus – New sign-in to your account');
    expect(mail.text).toContain('Firefox, Windows');
    expect(mail.text).toContain('127.0.0.1');
    expect(mail.text).toContain('(Paris time)');
    expect(mail.text).toContain('http://localhost:3000/forgot-password');

    const userId = await userIdOf(sessionCookie(firstSignIn));
    const signIns = await eventsOn('auth.sign_in', userId);
    expect(signIns).toHaveLength(3);
    expect(signIns[2]).toMatchObject({ ip: '127.0.0.1', actorEmail: email });
  });

  it('tells the owner their password was changed, in French by default', async () => {
    const email = 'changed@emails.example';
    const cookie = await createConfirmedUser(world.testApp, { email });
    const userId = await userIdOf(cookie);
    const changed = await app().inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...ORIGIN, cookie },
      payload: {
        currentPassword: STRONG_PASSWORD,
        password: 'Tout-Neuf-2026',
        confirmPassword: 'Tout-Neuf-2026',
      },
    });
    expect(changed.statusCode).toBe(200);
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail).toMatchObject({ template: 'password-changed', language: 'fr' });
    expect(mail.subject).toBe('Cursus – Votre mot de passe a été modifié');
    expect(mail.text).toContain('(heure de Paris)');
    expect(await eventsOn('auth.password_changed', userId)).toHaveLength(1);
  });

  it('tells the owner their password was reset through the link, but not an account choosing its first one', async () => {
    const email = 'reset@emails.example';
    const cookie = await createConfirmedUser(world.testApp, { email, language: 'en' });
    const userId = await userIdOf(cookie);
    const reset = async (address: string) => {
      await app().inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: ORIGIN,
        payload: { email: address },
      });
      const token = new URL(
        await lastMailLink(world.testApp.database, address, '/reset-password'),
      ).searchParams.get('token')!;
      return app().inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: ORIGIN,
        payload: { token, password: 'Nouveau-Depart-77', confirmPassword: 'Nouveau-Depart-77' },
      });
    };
    expect((await reset(email)).statusCode).toBe(200);
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail).toMatchObject({ template: 'password-reset-done', language: 'en' });
    expect(mail.subject).toBe('Cursus – Your password was reset');
    const [event] = await eventsOn('auth.password_reset', userId);
    expect(event).toMatchObject({ ip: '127.0.0.1', details: { firstPassword: false } });

    // An address never confirmed: the link sets its first password, and is not announced as a reset.
    const unconfirmed = 'never-confirmed@emails.example';
    expectStatus(await signUp(app(), { email: unconfirmed }), 200);
    expect((await reset(unconfirmed)).statusCode).toBe(200);
    expect((await mailsTo(unconfirmed)).map((each) => each.template)).not.toContain('password-reset-done');
  });
});
