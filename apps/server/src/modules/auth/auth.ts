import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../../db/client.ts';
import { authAccounts, authSessions, authUsers, authVerifications } from './auth.tables.ts';

export interface AuthMailHooks {
  sendConfirmation(user: { id: string; email: string; name: string }, token: string): Promise<void>;
  sendReset(user: { id: string; email: string; name: string }, token: string): Promise<void>;
}

/**
 * better-auth does the credentials, sessions and tokens; our /api/auth routes call it directly
 * (auth.api.*), so its own HTTP router is never exposed (ADR 001).
 */
export function createAuth(options: { db: Db; secret: string; appUrl: string; mail: AuthMailHooks }) {
  const { mail } = options;
  return betterAuth({
    secret: options.secret,
    baseURL: options.appUrl,
    basePath: '/api/auth',
    telemetry: { enabled: false },
    // Sign-in outcomes are logged by our routes, without the library's per-attempt warnings.
    logger: { level: 'error' },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user, token }) => mail.sendReset(user, token),
    },
    emailVerification: {
      // Sent by our sign-up once the profile (and so the language) exists.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: ({ user, token }) => mail.sendConfirmation(user, token),
    },
    session: { expiresIn: 7 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'cursus',
      useSecureCookies: options.appUrl.startsWith('https://'),
      database: { generateId: () => randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
