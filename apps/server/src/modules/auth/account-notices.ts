import { describeUserAgent, type SessionUser } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { EmailTemplate, Mailer } from '../email/email.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { authDeviceTokens } from './auth.tables.ts';
import { createDeviceTokens } from './device-tokens.ts';

/** The request, as the routes hand it to the service (auth.service.ts `Caller`). */
interface Origin {
  ip: string;
  headers: Headers;
  /** The device cookie's token: this browser signed in to an account before (device-tokens.ts). */
  device?: string;
}

/**
 * What the owner of an account is told, and what the audit trail records, when something happens to
 * its security (issue 19): a sign-in from a browser the account never used, a password changed or
 * reset. The emails cannot be turned off (account emails, `Mailer.send`) and are written in the
 * owner's language; their link leads to the reset page, since whoever is not the owner may hold a
 * session and a new password through the mailed link ends every one.
 */
export function createAccountNotices(deps: {
  db: Db;
  mailer: Mailer;
  organizations: OrganizationsService;
  audit: Pick<AuditService, 'recordEvent'>;
  appUrl: string;
  now: () => Date;
}) {
  const { db, mailer, organizations, audit, appUrl, now } = deps;
  const resetPage = `${appUrl}/forgot-password`;
  const deviceTokens = createDeviceTokens(db, now);
  const userAgentOf = (origin: Origin) => origin.headers.get('user-agent');

  /** `facts`: what the owner's own browser did, listed under the text; none for an admin's action. */
  async function mailOwner(
    userId: string,
    template: EmailTemplate,
    facts?: { ip: string; device?: string },
  ): Promise<void> {
    const user = await organizations.loadUser(userId);
    if (!user) return;
    await mailer.send({
      to: user.email,
      template,
      language: user.language,
      data: { name: user.fullName, url: resetPage, ...(facts && { at: now().toISOString(), ...facts }) },
    });
  }

  const deviceOf = (userAgent: string | null) => {
    const { browser, os } = describeUserAgent(userAgent);
    return [browser, os].filter(Boolean).join(', ');
  };

  return {
    /**
     * Called on every path that creates a session, before this browser gets its new device token. A
     * browser without one of this account's tokens is new to it; the account's very first sign-in
     * (no token yet, nor since a reset) is not worth an alarm.
     */
    async signedIn(user: Pick<SessionUser, 'id' | 'email'>, origin: Origin): Promise<void> {
      if (await deviceTokens.isValidFor(user.email, origin.device)) return;
      const [signedInBefore] = await db
        .select({ userId: authDeviceTokens.userId })
        .from(authDeviceTokens)
        .where(eq(authDeviceTokens.userId, user.id))
        .limit(1);
      if (!signedInBefore) return;
      await mailOwner(user.id, 'new-device-sign-in', {
        ip: origin.ip,
        device: deviceOf(userAgentOf(origin)),
      });
    },

    async passwordChanged(user: SessionUser, origin: Origin): Promise<void> {
      await audit.recordEvent({
        action: 'auth.password_changed',
        organizationId: user.organizationId,
        actor: { id: user.id, email: user.email, name: user.fullName },
        targetType: 'user',
        targetId: user.id,
        ip: origin.ip,
        userAgent: userAgentOf(origin),
      });
      await mailOwner(user.id, 'password-changed', { ip: origin.ip });
    },

    /**
     * A reset link set a new password. An invitation's link is the same page: there the account had
     * no password of its own yet, so it is recorded but not announced as a reset.
     */
    async passwordReset(userId: string, origin: Origin, reset: { firstPassword: boolean }): Promise<void> {
      const user = await organizations.loadUser(userId);
      await audit.recordEvent({
        action: 'auth.password_reset',
        organizationId: user?.organizationId ?? null,
        actor: { id: userId, email: user?.email ?? null, name: user?.fullName ?? null },
        targetType: 'user',
        targetId: userId,
        ip: origin.ip,
        userAgent: userAgentOf(origin),
        details: { firstPassword: reset.firstPassword },
      });
      if (!reset.firstPassword) await mailOwner(userId, 'password-reset-done', { ip: origin.ip });
    },

    /** A platform admin removed the account's second factor (its audit event is the route's). */
    secondFactorRemoved: (userId: string) => mailOwner(userId, 'two-factor-removed'),
  };
}

export type AccountNotices = ReturnType<typeof createAccountNotices>;
