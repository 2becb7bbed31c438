import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { CLIENT_IP_HEADER } from '../../plugins/session.ts';
import { authAccounts, authSessions, authTwoFactors, authUsers, authVerifications } from './auth.tables.ts';
import type { PasswordHashing } from './password-hash.ts';

/**
 * Sliding lifetime: a session unused for 7 days ends, and better-auth moves the end 7 days on at
 * most once a day of use (SPEC 5: the session persists with automatic refresh).
 */
const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/**
 * Absolute lifetime, from sign-in whatever the use: a learner on their own device signs in again
 * once a month, and a stolen cookie, or one left on a shared training-room computer, opens the
 * account for 30 days at most, not for as long as someone keeps it busy.
 */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

type BetterAuthLog = NonNullable<NonNullable<Parameters<typeof betterAuth>[0]['logger']>['log']>;

/**
 * better-auth's messages through the app's log (pino, one JSON line each), not printed by the
 * library: an error's stack went to stderr as lines of text that no log reader would parse. An Error
 * among the message's arguments is pino's `err`, with its stack; the others are kept as `details`.
 */
export function toAppLog(log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>): BetterAuthLog {
  return (level, message, ...args) => {
    const err = args.find((arg) => arg instanceof Error);
    const details = args.filter((arg) => arg !== err);
    log[level](
      { source: 'better-auth', ...(err && { err }), ...(details.length > 0 && { details }) },
      message,
    );
  };
}

export interface AuthMailHooks {
  sendConfirmation(user: { id: string; email: string; name: string }, token: string): Promise<void>;
  sendReset(user: { id: string; email: string; name: string }, token: string): Promise<void>;
}

/**
 * better-auth does the credentials, sessions and tokens; our /api/auth routes call it directly
 * (auth.api.*), so its own HTTP router is never exposed (ADR 001).
 */
export function createAuth(options: {
  db: Db;
  secret: string;
  appUrl: string;
  mail: AuthMailHooks;
  /** Called once a reset link has set a new password (its sessions are already revoked). */
  onPasswordReset: (userId: string) => Promise<void>;
  /** Throws when the account may not have a session (disabled: account-status.ts). */
  assertMaySignIn: (userId: string) => Promise<void>;
  passwordHashing: PasswordHashing;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  now: () => Date;
}) {
  const { mail } = options;
  return betterAuth({
    secret: options.secret,
    baseURL: options.appUrl,
    basePath: '/api/auth',
    telemetry: { enabled: false },
    // Sign-in outcomes are logged by our routes, without the library's per-attempt warnings.
    logger: { level: 'error', log: toAppLog(options.log) },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: options.passwordHashing,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user, token }) => mail.sendReset(user, token),
      onPasswordReset: ({ user }) => options.onPasswordReset(user.id),
    },
    emailVerification: {
      // Sent by our sign-up once the profile (and so the language) exists.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: ({ user, token }) => mail.sendConfirmation(user, token),
    },
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: 24 * 60 * 60 },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            // Every way in (password, second factor, any plugin) ends in a new session: refusing it
            // here keeps a disabled account out of all of them.
            await options.assertMaySignIn(session.userId);
            // The absolute lifetime counts from here, on the app's clock (the one tests move).
            return { data: { ...session, createdAt: options.now() } };
          },
        },
      },
    },
    plugins: [
      // Issue 19: TOTP with recovery codes, the secret and the codes encrypted with the auth secret.
      // Our routes count wrong codes per account and per IP on the app's clock and in the shared
      // counters (two-factor.ts), so the plugin's own lockout, on the process clock, is off.
      twoFactor({
        issuer: 'Cursus',
        twoFactorCookieMaxAge: 10 * 60,
        accountLockout: { enabled: false },
      }),
    ],
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'cursus',
      useSecureCookies: options.appUrl.startsWith('https://'),
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
