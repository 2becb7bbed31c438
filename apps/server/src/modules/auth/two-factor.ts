import {
  type RecoveryCodes,
  ROLE_CACHE_MS,
  type SessionUser,
  type TwoFactorDisableInput,
  type TwoFactorPolicy,
  type TwoFactorSetup,
  type TwoFactorSignInInput,
  type TwoFactorStatus,
} from '@cursus/contracts';
import { APIError } from 'better-auth/api';
import { and, eq, gt } from 'drizzle-orm';
import QRCode from 'qrcode';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { createAttemptCounter, Limit } from '../../lib/rate-limit.ts';
import type { AuditEvent, AuditService } from '../audit/audit.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { authUsers, authVerifications } from './auth.tables.ts';
import type { Auth } from './auth.ts';
import type { Caller } from './caller.ts';
import { organizationTwoFactorPolicies } from './two-factor.tables.ts';
import type { createLockoutNotice, LockedAccount } from './two-factor-lockout.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/**
 * Wrong codes per account count like wrong passwords (5 per 15 minutes, then 429 and the lockout
 * email), across challenges: a new password step does not give a guesser new tries. Per IP, every
 * code counts. A TOTP code stays valid for its 30-second step and one step either side (clock
 * drift): once it has signed someone in, it is refused for that whole span (ASVS 6.5.1).
 */
const TWO_FACTOR_LIMITS = {
  codeFailuresPerUser: { max: 5, windowMs: FIFTEEN_MINUTES },
  codesPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  passwordFailuresPerUser: { max: 5, windowMs: FIFTEEN_MINUTES },
  codeReuse: { max: 1, windowMs: 90 * 1000 },
} satisfies Record<string, Limit>;

/** better-auth's signed cookie naming a sign-in whose password was right and whose code is due. */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?cursus\.two_factor=([^;]+)/;

const codeErrors = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE']);
const expiredChallengeErrors = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

function cookiesOf(headers: Headers | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}

/**
 * Staff two-factor authentication (issue 19) on better-auth's twoFactor plugin: enrolment, the code
 * step of sign-in, recovery codes and who must have it. The plugin generates, encrypts and checks
 * the TOTP secret and the recovery codes; this file adds our limits, audit events and policy.
 */
export function createTwoFactor(deps: {
  auth: Auth;
  database: Database;
  attempts: ReturnType<typeof createAttemptCounter>;
  lockout: ReturnType<typeof createLockoutNotice>;
  audit: Pick<AuditService, 'recordEvent'>;
  organizations: Pick<OrganizationsService, 'loadUser'>;
  now: () => Date;
  /** MFA_REQUIRED_FOR_ADMINS: platform admins must enrol before anything else. */
  adminsRequired: boolean;
}) {
  const { auth, database, attempts, lockout } = deps;
  const db = database.service;

  /**
   * Each organisation's requirement, remembered for as long as a role is (ROLE_CACHE_MS): a staff
   * request reads it, and a change on another instance takes that long to show there.
   */
  const policyCache = new Map<string, { staffRequired: boolean; cachedUntil: number }>();
  async function staffRequiredIn(organizationId: string): Promise<boolean> {
    const cached = policyCache.get(organizationId);
    if (cached && cached.cachedUntil > Date.now()) return cached.staffRequired;
    const [row] = await db
      .select({ staffRequired: organizationTwoFactorPolicies.staffRequired })
      .from(organizationTwoFactorPolicies)
      .where(eq(organizationTwoFactorPolicies.organizationId, organizationId));
    const staffRequired = row?.staffRequired ?? false;
    policyCache.set(organizationId, { staffRequired, cachedUntil: Date.now() + ROLE_CACHE_MS });
    return staffRequired;
  }

  async function isRequiredFor(user: Pick<SessionUser, 'role' | 'organizationId'>): Promise<boolean> {
    if (user.role === 'admin') return deps.adminsRequired;
    if (user.role === 'trainer' && user.organizationId) return staffRequiredIn(user.organizationId);
    return false;
  }

  function record(
    action: string,
    user: { id: string; email: string; name: string; organizationId: string | null },
    caller: Caller,
    details?: AuditEvent['details'],
  ) {
    return deps.audit.recordEvent({
      action,
      organizationId: user.organizationId,
      actor: { id: user.id, email: user.email, name: user.name },
      targetType: 'user',
      targetId: user.id,
      ip: caller.ip,
      userAgent: caller.headers.get('user-agent'),
      details,
    });
  }
  const recordFor = (user: SessionUser, action: string, caller: Caller, details?: AuditEvent['details']) =>
    record(action, { ...user, name: user.fullName }, caller, details);

  /** The account a pending sign-in belongs to, from the challenge's row (better-auth's verification). */
  async function pendingAccountOf(headers: Headers): Promise<LockedAccount | null> {
    const cookie = CHALLENGE_COOKIE.exec(headers.get('cookie') ?? '')?.[1];
    if (!cookie) return null;
    const signed = decodeURIComponent(cookie);
    // "<identifier>.<signature>": the plugin checks the signature; the identifier alone is 20
    // random characters, so reading its row before that check reveals nothing.
    const identifier = signed.slice(0, signed.lastIndexOf('.'));
    const [row] = await db
      .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name })
      .from(authVerifications)
      .innerJoin(authUsers, eq(authUsers.id, authVerifications.value))
      // The plugin dates the challenge on the process clock, so it is read on that clock too.
      .where(and(eq(authVerifications.identifier, identifier), gt(authVerifications.expiresAt, new Date())));
    return row ?? null;
  }

  /**
   * Runs a code check counted against the account: the slot is taken first (a parallel burst cannot
   * pass the limit), given back unless the code was wrong; a wrong code that fills the window locks
   * the account and emails its owner.
   */
  async function countedCodeCheck<T>(
    account: LockedAccount,
    caller: Caller,
    check: () => Promise<T>,
    onWrongCode: () => Promise<void>,
  ): Promise<T> {
    const key = `user:${account.id}:two-factor`;
    const limit = TWO_FACTOR_LIMITS.codeFailuresPerUser;
    await attempts.consume(key, limit);
    let failed = false;
    try {
      const result = await check();
      await attempts.clear(key);
      return result;
    } catch (error) {
      const code = error instanceof APIError ? error.body?.code : undefined;
      if (
        (error instanceof AppError && error.code === 'INVALID_TWO_FACTOR_CODE') ||
        codeErrors.has(code ?? '')
      ) {
        failed = true;
        await onWrongCode();
        throw new AppError('INVALID_TWO_FACTOR_CODE', {
          fields: [{ path: 'code', message: 'INVALID_TWO_FACTOR_CODE' }],
        });
      }
      if (code === 'TOTP_NOT_ENABLED') throw new AppError('TWO_FACTOR_NOT_ENABLED');
      if (expiredChallengeErrors.has(code ?? '')) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
      throw error;
    } finally {
      if (failed) await lockout.afterFailure(key, limit, account, caller, 'two_factor');
      else await attempts.release(key);
    }
  }

  /** Wrong current passwords at enrolment count like change-password's: a borrowed session cannot guess. */
  async function withPassword<T>(user: SessionUser, action: () => Promise<T>): Promise<T> {
    const key = `user:${user.id}:two-factor-password`;
    await attempts.consume(key, TWO_FACTOR_LIMITS.passwordFailuresPerUser);
    let failed = false;
    try {
      return await action();
    } catch (error) {
      if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') {
        failed = true;
        throw new AppError('INVALID_CURRENT_PASSWORD', {
          fields: [{ path: 'password', message: 'INVALID_CURRENT_PASSWORD' }],
        });
      }
      throw error;
    } finally {
      if (!failed) await attempts.release(key);
    }
  }

  async function isEnabled(userId: string): Promise<boolean> {
    const [row] = await db
      .select({ enabled: authUsers.twoFactorEnabled })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    return row?.enabled ?? false;
  }

  async function readPolicy(user: SessionUser): Promise<TwoFactorPolicy> {
    const organizationId = user.organizationId;
    if (!organizationId) throw new AppError('NO_ORGANIZATION');
    const [row] = await database.withTenant(tenantOf(user), (tx) =>
      tx
        .select({ staffRequired: organizationTwoFactorPolicies.staffRequired })
        .from(organizationTwoFactorPolicies)
        .where(eq(organizationTwoFactorPolicies.organizationId, organizationId)),
    );
    return { staffRequired: row?.staffRequired ?? false };
  }

  async function recoveryCodesOf(userId: string): Promise<string[]> {
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
    return backupCodes;
  }

  return {
    isRequiredFor,

    /**
     * The second step of a sign-in: the code from the authenticator app, or one recovery code (each
     * works once). Answers the account's id and the new session's cookies.
     */
    async completeSignIn(
      input: TwoFactorSignInInput,
      caller: Caller,
    ): Promise<{ userId: string; cookies: string[] }> {
      const account = await pendingAccountOf(caller.headers);
      if (!account) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
      await attempts.consume(`ip:${caller.ip}:two-factor`, TWO_FACTOR_LIMITS.codesPerIp);
      const organizationId = (await deps.organizations.loadUser(account.id))?.organizationId ?? null;
      const who = { ...account, organizationId };
      const headers = await countedCodeCheck(
        account,
        caller,
        async () => {
          if (input.method === 'recovery') {
            const result = await auth.api.verifyBackupCode({
              body: { code: input.code },
              headers: caller.headers,
              returnHeaders: true,
            });
            await record('auth.mfa_recovery_used', who, caller, {
              recoveryCodesLeft: (await recoveryCodesOf(account.id)).length,
            });
            return result.headers;
          }
          try {
            await attempts.consume(`user:${account.id}:totp-used:${input.code}`, TWO_FACTOR_LIMITS.codeReuse);
          } catch {
            throw new AppError('INVALID_TWO_FACTOR_CODE');
          }
          const result = await auth.api.verifyTOTP({
            body: { code: input.code },
            headers: caller.headers,
            returnHeaders: true,
          });
          return result.headers;
        },
        () => record('auth.mfa_challenge_failed', who, caller, { method: input.method }),
      );
      return { userId: account.id, cookies: cookiesOf(headers) };
    },

    async status(user: SessionUser): Promise<TwoFactorStatus> {
      const enabled = await isEnabled(user.id);
      return {
        enabled,
        required: await isRequiredFor(user),
        recoveryCodesLeft: enabled ? (await recoveryCodesOf(user.id)).length : null,
      };
    },

    /**
     * Enrolment's first step, behind the current password: a new secret (any unconfirmed one before
     * it is replaced), not active until `confirm` receives a first code made from it.
     */
    async enable(user: SessionUser, password: string, caller: Caller): Promise<TwoFactorSetup> {
      if (await isEnabled(user.id)) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const result = await withPassword(user, () =>
        auth.api.enableTwoFactor({ body: { password, method: 'totp' }, headers: caller.headers }),
      );
      if (result.method !== 'totp') throw new AppError('SERVER_ERROR');
      const { totpURI } = result;
      const svg = await QRCode.toString(totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        totpUri: totpURI,
        secret: new URL(totpURI).searchParams.get('secret') ?? '',
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /**
     * The first code proves the app holds the secret: the second factor is on from now, the session
     * is renewed by better-auth, and the recovery codes are shown, this once.
     */
    async confirm(
      user: SessionUser,
      code: string,
      caller: Caller,
    ): Promise<{ recoveryCodes: RecoveryCodes['recoveryCodes']; cookies: string[] }> {
      if (await isEnabled(user.id)) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const headers = await countedCodeCheck(
        { id: user.id, email: user.email, name: user.fullName },
        caller,
        async () =>
          (await auth.api.verifyTOTP({ body: { code }, headers: caller.headers, returnHeaders: true }))
            .headers,
        async () => undefined,
      );
      await recordFor(user, 'auth.mfa_enabled', caller);
      return { recoveryCodes: await recoveryCodesOf(user.id), cookies: cookiesOf(headers) };
    },

    /** Turning it off takes the password and a current code: a stolen session alone cannot. */
    async disable(user: SessionUser, input: TwoFactorDisableInput, caller: Caller): Promise<string[]> {
      if (!(await isEnabled(user.id))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
      const code = input.code.replace(/\s/g, '');
      await countedCodeCheck(
        { id: user.id, email: user.email, name: user.fullName },
        caller,
        () => auth.api.verifyTOTP({ body: { code }, headers: caller.headers }),
        async () => undefined,
      );
      const { headers } = await withPassword(user, () =>
        auth.api.disableTwoFactor({
          body: { password: input.password },
          headers: caller.headers,
          returnHeaders: true,
        }),
      );
      await recordFor(user, 'auth.mfa_disabled', caller);
      return cookiesOf(headers);
    },

    /** New recovery codes replace every old one (a printed list lost or used up). */
    async regenerateRecoveryCodes(user: SessionUser, password: string, caller: Caller): Promise<string[]> {
      if (!(await isEnabled(user.id))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
      const { backupCodes } = await withPassword(user, () =>
        auth.api.generateBackupCodes({ body: { password }, headers: caller.headers }),
      );
      await recordFor(user, 'auth.mfa_recovery_codes_regenerated', caller);
      return backupCodes;
    },

    policy: readPolicy,

    /** Staff set their own organisation's requirement; row-level security keeps them to it. */
    async updatePolicy(user: SessionUser, input: TwoFactorPolicy, caller: Caller): Promise<TwoFactorPolicy> {
      const organizationId = user.organizationId;
      if (!organizationId) throw new AppError('NO_ORGANIZATION');
      const before = await readPolicy(user);
      await database.withTenant(tenantOf(user), async (tx) => {
        await tx
          .insert(organizationTwoFactorPolicies)
          .values({ organizationId, staffRequired: input.staffRequired, updatedBy: user.id })
          .onConflictDoUpdate({
            target: organizationTwoFactorPolicies.organizationId,
            set: { staffRequired: input.staffRequired, updatedBy: user.id, updatedAt: deps.now() },
          });
        await deps.audit.recordEvent(
          {
            action: 'organization.changed',
            organizationId,
            actor: { id: user.id, email: user.email, name: user.fullName },
            targetType: 'organization',
            targetId: organizationId,
            ip: caller.ip,
            userAgent: caller.headers.get('user-agent'),
            before: { twoFactorRequiredForStaff: before.staffRequired },
            after: { twoFactorRequiredForStaff: input.staffRequired },
          },
          tx,
        );
      });
      policyCache.delete(organizationId);
      return { staffRequired: input.staffRequired };
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
