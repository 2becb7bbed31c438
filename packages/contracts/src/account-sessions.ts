import { z } from 'zod';
import { OkSchema, type RouteAccess, type RouteContract, SIGNED_IN_OWN_DATA } from './common.ts';

/**
 * Sign-in sessions and account status (issue 19 point 1): each person lists and ends their own
 * sessions from their profile; a platform admin ends anyone's and disables or re-enables an account.
 * A session is named by its id, never by its token (the cookie's value).
 */

/** Platform administrators only: organisation staff may not disable an account. */
const PLATFORM_ADMIN = { roles: ['admin'], scope: 'organization' } as const satisfies RouteAccess;

/** The browser and system a user-agent header names, or null for one this simple reading misses. */
export interface UserAgentDescription {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * A plain reading of the user-agent header, enough for a person to recognise their own devices
 * ("Firefox, Windows"); the header is the client's to choose, so it is a hint, never evidence.
 */
export function describeUserAgent(userAgent: string | null | undefined): UserAgentDescription {
  const header = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(header))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(header))?.[1] ?? null,
  };
}

export const AccountSessionSchema = z.object({
  /** better-auth's session id, never its token. */
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ipAddress: z.string().nullable(),
  signedInAt: z.iso.datetime({ offset: true }),
  /** The last request seen, to within a few minutes (the session cache's period). */
  lastActiveAt: z.iso.datetime({ offset: true }),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionListSchema = z.object({ sessions: z.array(AccountSessionSchema) });
export type AccountSessionList = z.infer<typeof AccountSessionListSchema>;

export const AccountSessionParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const RevokedSessionsSchema = z.object({ revoked: z.number().int().min(0) });

export const AccountParamsSchema = z.object({ userId: z.uuid() });

/** What an admin sees of an account's security on a person's details page. */
export const AccountStatusSchema = z.object({
  userId: z.string(),
  /** Set while the account is disabled: it cannot sign in and has no session. */
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  activeSessions: z.number().int().min(0),
  /** The account signs in with a second factor (staff only: two-factor.ts). */
  twoFactorEnabled: z.boolean(),
});
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

export const accountSessionRoutes = {
  /** The caller's own live sessions, newest activity first. */
  list: {
    method: 'GET',
    path: '/api/auth/sessions',
    access: SIGNED_IN_OWN_DATA,
    response: AccountSessionListSchema,
  },
  /** Ends one of the caller's sessions (the current one too: that is a sign-out). 404 for anyone else's. */
  revoke: {
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    access: SIGNED_IN_OWN_DATA,
    params: AccountSessionParamsSchema,
    response: OkSchema,
  },
  /** Ends every session of the caller but the one asking. */
  revokeOthers: {
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    access: SIGNED_IN_OWN_DATA,
    response: RevokedSessionsSchema,
  },
  accountStatus: {
    method: 'GET',
    path: '/api/auth/accounts/:userId',
    access: PLATFORM_ADMIN,
    params: AccountParamsSchema,
    response: AccountStatusSchema,
  },
  /** Ends every session of an account (a lost phone, a shared computer left signed in). */
  revokeAccountSessions: {
    method: 'POST',
    path: '/api/auth/accounts/:userId/revoke-sessions',
    access: PLATFORM_ADMIN,
    params: AccountParamsSchema,
    response: RevokedSessionsSchema,
  },
  /** The account can no longer sign in on any path, and its sessions end at once. */
  disableAccount: {
    method: 'POST',
    path: '/api/auth/accounts/:userId/disable',
    access: PLATFORM_ADMIN,
    params: AccountParamsSchema,
    response: AccountStatusSchema,
  },
  enableAccount: {
    method: 'POST',
    path: '/api/auth/accounts/:userId/enable',
    access: PLATFORM_ADMIN,
    params: AccountParamsSchema,
    response: AccountStatusSchema,
  },
  /**
   * Removes the second factor of a staff member who lost both their authenticator app and their
   * recovery codes, once the admin has made sure who asks (docs/security.md): they sign in with
   * their password, and enrol again where it is required. The owner is told by email. 409
   * TWO_FACTOR_NOT_ENABLED for an account without one; never the admin's own (their profile's form
   * asks for the password and a code).
   */
  removeTwoFactor: {
    method: 'POST',
    path: '/api/auth/accounts/:userId/remove-two-factor',
    access: PLATFORM_ADMIN,
    params: AccountParamsSchema,
    response: AccountStatusSchema,
  },
} as const satisfies Record<string, RouteContract>;
