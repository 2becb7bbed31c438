import type { SessionUser } from '@cursus/contracts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { Mailer } from '../email/email.module.ts';
import { createPlacedAccounts, type OrganizationsService } from '../organizations/organizations.module.ts';
import type { SystemService } from '../system/system.module.ts';
import { createAccountNotices } from './account-notices.ts';
import { accountSessionsRoutesPlugin } from './account-sessions.routes.ts';
import { createAccountSessions } from './account-sessions.ts';
import { createAccountStatus } from './account-status.ts';
import { authRoutesPlugin } from './auth.routes.ts';
import { createAuthService, INVITATION_LINK_DAYS } from './auth.service.ts';
import { inviteAccounts } from './invite-accounts.ts';
import type { PasswordHashing } from './password-hash.ts';
import { type DemoPerson, seedDemoAccounts } from './seed-demo-accounts.ts';
import { twoFactorRoutesPlugin } from './two-factor.routes.ts';

export type { AuthService } from './auth.service.ts';
export { INVITATION_LINK_DAYS } from './auth.service.ts';
export { PASSWORD_COST, type PasswordHashing, scryptHashing } from './password-hash.ts';
export type { DemoAccount, DemoPerson } from './seed-demo-accounts.ts';
export { createVerifiedEmails } from './verified-emails.ts';

/** Accounts, sessions and passwords: better-auth behind our own /api/auth routes (ADR 001). */
export function createAuthModule(deps: {
  database: Database;
  secret: string;
  appUrl: string;
  mailer: Mailer;
  organizations: OrganizationsService;
  /** Keeps the connection logs' record of each sign-in. */
  system: SystemService;
  /** A learner's sign-ins count towards login badges. */
  achievements?: AchievementsService;
  /** Sign-ins, MFA, sessions and passwords go to the audit trail (issue 19). */
  audit: Pick<AuditService, 'recordEvent'>;
  /** MFA_REQUIRED_FOR_ADMINS: admins set up two-factor authentication before anything else. */
  adminsRequireTwoFactor: boolean;
  /** At sign-in the address is proven: positioning invitations sent to it attach to the account. */
  attachPositioning?: (user: SessionUser) => Promise<void>;
  passwordHashing: PasswordHashing;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { database, organizations, system } = deps;
  const now = deps.now ?? (() => new Date());
  const accountStatus = createAccountStatus(database.service, now);
  const notices = createAccountNotices({
    db: database.service,
    mailer: deps.mailer,
    organizations,
    audit: deps.audit,
    appUrl: deps.appUrl,
    now,
  });
  const service = createAuthService({
    database,
    secret: deps.secret,
    appUrl: deps.appUrl,
    mailer: deps.mailer,
    organizations,
    audit: deps.audit,
    adminsRequireTwoFactor: deps.adminsRequireTwoFactor,
    assertMaySignIn: accountStatus.assertMaySignIn,
    notices,
    passwordHashing: deps.passwordHashing,
    log: deps.log,
    now: deps.now,
  });
  const accountSessions = createAccountSessions({ db: database.service, auth: service.auth, now });
  const routes: FastifyPluginAsync = async (app) => {
    await accountSessionsRoutesPlugin(app, {
      sessions: accountSessions,
      status: accountStatus,
      organizations,
      audit: deps.audit,
      notices,
    });
    await twoFactorRoutesPlugin(app, { twoFactor: service.twoFactor });
    await authRoutesPlugin(app, {
      authService: service,
      secure: deps.appUrl.startsWith('https://'),
      onSignIn: async (user, request) => {
        await system.recordSignIn(user, { ip: request.ip, userAgent: request.headers['user-agent'] });
        await deps.audit.recordEvent({
          action: 'auth.sign_in',
          organizationId: user.organizationId,
          actor: { id: user.id, email: user.email, name: user.fullName },
          targetType: 'user',
          targetId: user.id,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        if (user.role === 'student' && user.organizationId)
          await deps.achievements?.evaluate({
            organizationId: user.organizationId,
            userId: user.id,
            criterion: 'login',
          });
        await deps.attachPositioning?.(user);
      },
    });
  };
  return {
    service,
    routes,
    /** Invited accounts in bulk (a CSV import), each with its link to choose a password. */
    inviteAccounts: (accounts: Parameters<typeof inviteAccounts>[1]) =>
      inviteAccounts(
        {
          db: database.service,
          appUrl: deps.appUrl,
          now: deps.now ?? (() => new Date()),
          linkDays: INVITATION_LINK_DAYS,
          createProfiles: (placed) => createPlacedAccounts(database.service, placed),
        },
        accounts,
      ),
    seedDemo: (input: { organizationId: string; people: readonly DemoPerson[] }) =>
      seedDemoAccounts(
        { db: database.service, owner: database.db, authService: service, organizations },
        input,
      ),
  };
}
