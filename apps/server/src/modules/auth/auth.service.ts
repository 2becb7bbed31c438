import { randomBytes } from 'node:crypto';
import {
  type ChangePasswordInput,
  type Language,
  type ResetPasswordInput,
  ROLE_CACHE_MS,
  type SessionUser,
  type SignInInput,
  type SignUpInput,
  type TwoFactorSignInInput,
} from '@cursus/contracts';
import { APIError } from 'better-auth/api';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter, type Limit } from '../../lib/rate-limit.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { EmailTemplate, Mailer } from '../email/email.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { AccountNotices } from './account-notices.ts';
import { authSessions, authUsers, authVerifications } from './auth.tables.ts';
import { type Auth, createAuth, SESSION_MAX_AGE_MS } from './auth.ts';
import type { Caller } from './caller.ts';
import { isCommonPassword } from './common-passwords.ts';
import { createDeviceTokens } from './device-tokens.ts';
import type { PasswordHashing } from './password-hash.ts';
import { createTwoFactor } from './two-factor.ts';
import { createLockoutNotice } from './two-factor-lockout.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** How long an invitation's link works: a week leaves the invitee time to open their mail. */
export const INVITATION_LINK_DAYS = 7;
/**
 * Per IP: every attempt counts. Per email: only failures count, and a browser that has signed in
 * to that account before (device token) is exempt, so a stranger hammering an address cannot
 * lock its owner out (OWASP "device cookies"). Per account, wrong current passwords at
 * change-password count too: a borrowed or stolen session must not become a way to guess the
 * password without limit.
 */
const LIMITS = {
  signInPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  signInFailuresPerEmail: { max: 5, windowMs: FIFTEEN_MINUTES },
  changePasswordFailuresPerUser: { max: 5, windowMs: FIFTEEN_MINUTES },
  mailPerIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  mailPerEmail: { max: 3, windowMs: FIFTEEN_MINUTES },
  signUpPerIp: { max: 10, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, Limit>;

// In its own file so the two-factor files beside this service can name it without a cycle.
export type { Caller } from './caller.ts';

/** A sign-in whose password was right: a session, or (two-factor accounts) a code still due. */
export type SignInOutcome =
  | { kind: 'session'; value: SessionUser; cookies: string[] }
  | { kind: 'twoFactor'; userId: string; role: SessionUser['role']; cookies: string[] };

export interface AuthResult<T> {
  value: T;
  /** Set-Cookie headers better-auth produced (session created, refreshed or cleared). */
  cookies: string[];
}

function cookiesOf(headers: Headers | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}

/**
 * better-auth's session lookup (cookie signature, session and user queries, parsing) costs 1.3 to
 * 2 ms, 1 to 1.5 ms of it CPU, on PostgreSQL, and learners' time-tracking heartbeats (every 30 s)
 * are many small requests. So this process remembers, for 5 minutes, which cookie it found valid
 * for which user; but it still reads the session's row on every request (one indexed query, about
 * 0.5 ms and a quarter of the CPU), so a session signed out, reset or revoked on any instance is
 * refused by every instance at once, with no message between instances that could be missed.
 */
const SESSION_CACHE_MS = ROLE_CACHE_MS;
const SESSION_CACHE_MAX = 100_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?cursus\.session_token=([^;]+)/;
const sessionKeyOf = (headers: Headers) => SESSION_COOKIE.exec(headers.get('cookie') ?? '')?.[1];

export function createAuthService(options: {
  database: Database;
  secret: string;
  appUrl: string;
  mailer: Mailer;
  organizations: OrganizationsService;
  audit: Pick<AuditService, 'recordEvent'>;
  /** MFA_REQUIRED_FOR_ADMINS (two-factor.ts). */
  adminsRequireTwoFactor: boolean;
  /** Refuses a session to a disabled account (account-status.ts), on every sign-in path. */
  assertMaySignIn: (userId: string) => Promise<void>;
  /** The owner's emails and the audit trail of sign-ins and passwords (account-notices.ts). */
  notices: AccountNotices;
  passwordHashing: PasswordHashing;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { database, mailer, organizations, appUrl, secret, audit, notices } = options;
  // better-auth, sign-up and the limits run as cursus_service: no request path uses the owner.
  const db = database.service;
  const now = options.now ?? (() => new Date());
  const attempts = createAttemptCounter(db, now);
  const deviceTokens = createDeviceTokens(db, now);
  const sessionCache = new Map<
    string,
    { token: string; userId: string; emailVerified: boolean; createdAt: number; cachedUntil: number }
  >();
  const isPastMaxAge = (createdAt: Date | number) =>
    now().getTime() - new Date(createdAt).getTime() >= SESSION_MAX_AGE_MS;
  // Runs on every request, so it is built once: Drizzle building its text at each call was 5.6 % of
  // the server's busy time under load, and a call costs 45 µs of CPU built once against 65 to 77
  // (issue 12, bench/results/read-paths-2026-11-28-afternoon.md).
  // It reads the account's two-factor flag too, so turning it on in one session shows in all at once.
  // A disabled account's sessions are deleted when it is disabled; the join also refuses one created
  // by a sign-in that raced the disabling.
  const liveSessionQuery = db
    .select({ twoFactorEnabled: authUsers.twoFactorEnabled })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.token, sql.placeholder('token')),
        sql`${authSessions.expiresAt} > now()`,
        isNull(authUsers.disabledAt),
      ),
    )
    .prepare('live_session');
  async function liveSession(token: string): Promise<{ twoFactorEnabled: boolean } | null> {
    const [live] = await liveSessionQuery.execute({ token });
    return live ?? null;
  }

  /** Dates the session's last use; false for a disabled account's (a sign-in that raced the disabling). */
  async function touchSession(token: string): Promise<boolean> {
    const touched = await db
      .update(authSessions)
      .set({ updatedAt: now() })
      .from(authUsers)
      .where(
        and(
          eq(authUsers.id, authSessions.userId),
          eq(authSessions.token, token),
          isNull(authUsers.disabledAt),
        ),
      )
      .returning({ id: authSessions.id });
    return touched.length > 0;
  }

  const auth: Auth = createAuth({
    db,
    secret,
    appUrl,
    mail: {
      sendConfirmation: (user, token) => mailLink(user, 'confirm-email', '/api/auth/verify-email', token),
      sendReset: (user, token) => mailLink(user, 'reset-password', '/reset-password', token),
    },
    // Whoever reset the password may be taking the account back: no browser stays known. The link
    // reached the address, so the address is proven too (how an invited account is confirmed).
    onPasswordReset: async (userId) => {
      await deviceTokens.revokeAll(userId);
      await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, userId));
    },
    assertMaySignIn: options.assertMaySignIn,
    passwordHashing: options.passwordHashing,
    log: options.log,
    now,
  });
  const lockout = createLockoutNotice({ db, attempts, mailer, organizations, audit, appUrl, now });
  const twoFactor = createTwoFactor({
    auth,
    database,
    attempts,
    lockout,
    audit,
    organizations,
    now,
    adminsRequired: options.adminsRequireTwoFactor,
  });

  /** Mails a link carrying the token, in the language the account chose. */
  async function mailLink(
    user: { id: string; email: string; name: string },
    template: EmailTemplate,
    path: string,
    token: string,
  ) {
    const url = `${appUrl}${path}?token=${encodeURIComponent(token)}`;
    const language = await organizations.languageOf(user.id);
    await mailer.send({ to: user.email, template, language, data: { name: user.name, url } });
  }

  /** The profile as a session shows it, with what two-factor enforcement asks of this person. */
  async function withEnrolment(
    user: Omit<SessionUser, 'emailVerified'>,
    emailVerified: boolean,
    twoFactorEnabled: boolean,
  ): Promise<SessionUser> {
    const pending = !twoFactorEnabled && (await twoFactor.isRequiredFor(user));
    return { ...user, emailVerified, ...(pending ? { twoFactorEnrolmentRequired: true } : {}) };
  }

  async function toSessionUser(userId: string, emailVerified: boolean): Promise<SessionUser> {
    const user = await organizations.loadUser(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    const [row] = await db
      .select({ twoFactorEnabled: authUsers.twoFactorEnabled })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    return withEnrolment(user, emailVerified, row?.twoFactorEnabled ?? false);
  }

  /** A wrong password: in the audit trail, and the owner told when it locks the account. */
  async function recordSignInFailure(email: string, caller: Caller, lockKey: string | null) {
    const [account] = await db
      .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name })
      .from(authUsers)
      .where(eq(authUsers.email, email));
    const profile = account ? await organizations.loadUser(account.id) : null;
    await audit.recordEvent({
      action: 'auth.sign_in_failed',
      organizationId: profile?.organizationId ?? null,
      actor: { id: account?.id ?? null, email, name: account?.name },
      targetType: 'user',
      targetId: account?.id ?? null,
      ip: caller.ip,
      userAgent: caller.headers.get('user-agent'),
      details: { reason: 'INVALID_CREDENTIALS' },
    });
    if (account && lockKey)
      await lockout.afterFailure(lockKey, LIMITS.signInFailuresPerEmail, account, caller, 'password');
  }

  function refusePassword(password: string) {
    if (isCommonPassword(password)) {
      throw new AppError('PASSWORD_TOO_COMMON', {
        fields: [{ path: 'password', message: 'PASSWORD_TOO_COMMON' }],
      });
    }
  }

  async function signOut(headers: Headers): Promise<string[]> {
    const { headers: responseHeaders } = await auth.api.signOut({ headers, returnHeaders: true });
    return cookiesOf(responseHeaders);
  }

  return {
    auth,
    signOut,

    /** A new device token for the browser that just proved the password (device-tokens.ts). */
    rememberDevice: (userId: string, previous?: string) => deviceTokens.issue(userId, previous),

    /** Whether anyone has signed up yet (the demo seeds only an empty database). */
    async hasAccounts(): Promise<boolean> {
      const [row] = await db.select({ total: count() }).from(authUsers);
      return (row?.total ?? 0) > 0;
    },

    async signUp(input: SignUpInput, caller: Caller) {
      await attempts.consume(`ip:${caller.ip}:sign-up`, LIMITS.signUpPerIp);
      refusePassword(input.password);
      const [existing] = await db
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, input.email));
      if (existing)
        throw new AppError('ACCOUNT_EXISTS', { fields: [{ path: 'email', message: 'ACCOUNT_EXISTS' }] });

      const fullName = `${input.firstName} ${input.lastName}`;
      let userId: string;
      try {
        const result = await auth.api.signUpEmail({
          body: { name: fullName, email: input.email, password: input.password },
        });
        userId = result.user.id;
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'USER_ALREADY_EXISTS')
          throw new AppError('ACCOUNT_EXISTS');
        throw error;
      }
      try {
        await organizations.createAccount({
          userId,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          organizationName: input.organizationName,
          language: input.language ?? 'fr',
        });
      } catch (error) {
        // Without a profile the account is unusable: remove it so the person can sign up again.
        await db.delete(authUsers).where(eq(authUsers.id, userId));
        throw error;
      }
      await auth.api.sendVerificationEmail({ body: { email: input.email } });
      return { emailConfirmationRequired: true as const };
    },

    twoFactor,

    /**
     * Checks the password. An account with two-factor authentication gets no session yet: better-auth
     * answers a challenge (its cookie names the pending sign-in) that `completeTwoFactorSignIn` ends.
     */
    async signIn(input: SignInInput, caller: Caller): Promise<SignInOutcome> {
      const ipKey = `ip:${caller.ip}:sign-in`;
      const emailKey = `email:${input.email}:sign-in`;
      const knownDevice = await deviceTokens.isValidFor(input.email, caller.device);
      // Each slot is taken before the password is checked (one atomic statement per key), so
      // parallel guesses cannot all pass before the first failure is counted. The email's slot is
      // given back when the attempt turns out not to be a failure.
      await attempts.consumeAll([
        [ipKey, LIMITS.signInPerIp],
        ...(knownDevice ? [] : ([[emailKey, LIMITS.signInFailuresPerEmail]] as const)),
      ]);
      let failed = false;
      try {
        const { headers, response } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers: caller.headers,
          returnHeaders: true,
        });
        await attempts.clear(emailKey);
        if ('twoFactorRedirect' in response) {
          // The password was right: the account is the one with this address.
          const [account] = await db
            .select({ id: authUsers.id })
            .from(authUsers)
            .where(eq(authUsers.email, input.email));
          const profile = account ? await organizations.loadUser(account.id) : null;
          if (!account || !profile) throw new AppError('SESSION_EXPIRED');
          return { kind: 'twoFactor', userId: account.id, role: profile.role, cookies: cookiesOf(headers) };
        }
        const user = await toSessionUser(response.user.id, response.user.emailVerified);
        await notices.signedIn(user, caller);
        return { kind: 'session', value: user, cookies: cookiesOf(headers) };
      } catch (error) {
        if (error instanceof APIError) {
          if (error.body?.code === 'EMAIL_NOT_VERIFIED') throw new AppError('EMAIL_NOT_CONFIRMED');
          if (error.statusCode === 401) {
            failed = true;
            throw new AppError('INVALID_CREDENTIALS');
          }
        }
        throw error;
      } finally {
        // Only a wrong email or password keeps its slot (EMAIL_NOT_VERIFIED means the password was right).
        if (!failed && !knownDevice) await attempts.release(emailKey);
        if (failed) await recordSignInFailure(input.email, caller, knownDevice ? null : emailKey);
      }
    },

    /** The code step: the session better-auth creates once the code or a recovery code is right. */
    async completeTwoFactorSignIn(
      input: TwoFactorSignInInput,
      caller: Caller,
    ): Promise<AuthResult<SessionUser>> {
      const { userId, cookies } = await twoFactor.completeSignIn(input, caller);
      // The password step refuses unconfirmed addresses, so this account's is proven.
      const user = await toSessionUser(userId, true);
      await notices.signedIn(user, caller);
      return { value: user, cookies };
    },

    /** The signed-in user, refreshing the session cookie when better-auth extends it. */
    async currentUser(headers: Headers): Promise<AuthResult<SessionUser | null>> {
      const key = sessionKeyOf(headers);
      const cached = key ? sessionCache.get(key) : undefined;
      if (key && cached) {
        const live =
          cached.cachedUntil > Date.now() && !isPastMaxAge(cached.createdAt)
            ? await liveSession(cached.token)
            : null;
        if (live) {
          // The profile and role keep their own cache (organizations.loadUser), forgotten on change.
          const user = await organizations.loadUser(cached.userId);
          return {
            value: user ? await withEnrolment(user, cached.emailVerified, live.twoFactorEnabled) : null,
            cookies: [],
          };
        }
        sessionCache.delete(key);
      }
      const { headers: responseHeaders, response } = await auth.api.getSession({
        headers,
        returnHeaders: true,
      });
      const cookies = cookiesOf(responseHeaders);
      if (!response) return { value: null, cookies };
      // better-auth only knows the sliding lifetime: past the absolute one, the session ends here as
      // at a sign-out, its row deleted and its cookie cleared.
      if (isPastMaxAge(response.session.createdAt)) return { value: null, cookies: await signOut(headers) };
      // Once per cache period: the session's last activity, for its owner's list (account-sessions.ts).
      if (!(await touchSession(response.session.token))) return { value: null, cookies };
      // Only a lookup that changed nothing is cached; a refreshed cookie must reach the browser.
      if (key && cookies.length === 0) {
        if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.delete(sessionCache.keys().next().value!);
        sessionCache.set(key, {
          token: response.session.token,
          userId: response.user.id,
          emailVerified: response.user.emailVerified,
          createdAt: new Date(response.session.createdAt).getTime(),
          cachedUntil: Math.min(
            Date.now() + SESSION_CACHE_MS,
            new Date(response.session.expiresAt).getTime(),
          ),
        });
      }
      const user = await organizations.loadUser(response.user.id);
      return {
        value: user
          ? await withEnrolment(user, response.user.emailVerified, response.user.twoFactorEnabled === true)
          : null,
        cookies,
      };
    },

    /** Always answers the same, so nobody learns which addresses have accounts. */
    async resendConfirmation(email: string, caller: Caller) {
      await limitMail(email, caller, 'confirm');
      const [user] = await db.select().from(authUsers).where(eq(authUsers.email, email));
      if (user && !user.emailVerified) await auth.api.sendVerificationEmail({ body: { email } });
    },

    async verifyEmail(token: string): Promise<boolean> {
      try {
        await auth.api.verifyEmail({ query: { token } });
        return true;
      } catch (error) {
        if (error instanceof APIError) return false;
        throw error;
      }
    },

    async forgotPassword(email: string, caller: Caller) {
      await limitMail(email, caller, 'reset');
      await auth.api.requestPasswordReset({ body: { email, redirectTo: `${appUrl}/reset-password` } });
    },

    /** A new invitation link for an account whose owner has not chosen a password yet; null otherwise. */
    async renewInvitation(userId: string): Promise<string | null> {
      const [user] = await db
        .select({ emailVerified: authUsers.emailVerified })
        .from(authUsers)
        .where(eq(authUsers.id, userId));
      if (!user || user.emailVerified) return null;
      return invitationLink(userId);
    },

    async resetPassword(input: ResetPasswordInput, caller: Caller) {
      refusePassword(input.password);
      const owner = await resetTokenOwner(input.token);
      try {
        await auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
      } catch (error) {
        if (error instanceof APIError) {
          throw new AppError(error.body?.code === 'INVALID_TOKEN' ? 'RESET_LINK_INVALID' : 'RESET_FAILED');
        }
        throw error;
      }
      if (owner) await notices.passwordReset(owner.userId, caller, { firstPassword: !owner.emailVerified });
    },

    /**
     * Sets a new password for a user who knows the current one. Every other session ends and every
     * browser of the account becomes unknown, except this one, which gets a new device token.
     */
    async changePassword(
      input: ChangePasswordInput,
      user: SessionUser,
      caller: Caller,
    ): Promise<{ cookies: string[]; deviceToken: string }> {
      refusePassword(input.password);
      const key = `user:${user.id}:change-password`;
      // Taken before the check, like sign-in's (a parallel burst cannot pass the limit); given back
      // unless the current password was wrong.
      await attempts.consume(key, LIMITS.changePasswordFailuresPerUser);
      let failed = false;
      try {
        const { headers: responseHeaders } = await auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.password,
            revokeOtherSessions: true,
          },
          headers: caller.headers,
          returnHeaders: true,
        });
        await attempts.clear(key);
        await deviceTokens.revokeAll(user.id);
        await notices.passwordChanged(user, caller);
        return { cookies: cookiesOf(responseHeaders), deviceToken: await deviceTokens.issue(user.id) };
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') {
          failed = true;
          throw new AppError('INVALID_CURRENT_PASSWORD', {
            fields: [{ path: 'currentPassword', message: 'INVALID_CURRENT_PASSWORD' }],
          });
        }
        throw error;
      } finally {
        if (!failed) await attempts.release(key);
      }
    },

    async setLanguage(user: SessionUser, language: Language) {
      await organizations.setLanguage(tenantOf(user), language);
    },
  };

  /**
   * Whose account a reset link opens, and whether its address was proven before (an invitation's
   * link sets a first password, not a new one); read before better-auth spends the token.
   */
  async function resetTokenOwner(token: string) {
    const [row] = await db
      .select({ userId: authUsers.id, emailVerified: authUsers.emailVerified })
      .from(authVerifications)
      .innerJoin(authUsers, eq(authUsers.id, authVerifications.value))
      .where(eq(authVerifications.identifier, `reset-password:${token}`));
    return row;
  }

  /** better-auth's own reset token, stored as its requestPasswordReset stores one, but valid for days. */
  async function invitationLink(userId: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    const context = await auth.$context;
    await context.internalAdapter.createVerificationValue({
      value: userId,
      identifier: `reset-password:${token}`,
      expiresAt: new Date(now().getTime() + INVITATION_LINK_DAYS * 24 * 60 * 60 * 1000),
    });
    return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  }

  async function limitMail(email: string, caller: Caller, kind: string) {
    const ipKey = `ip:${caller.ip}:${kind}`;
    const emailKey = `email:${email}:${kind}`;
    await attempts.consumeAll([
      [ipKey, LIMITS.mailPerIp],
      [emailKey, LIMITS.mailPerEmail],
    ]);
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
