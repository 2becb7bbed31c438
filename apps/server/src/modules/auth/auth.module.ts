import type { SessionUser } from '@cursus/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
import type { Mailer } from '../email/email.module.ts';
import { createPlacedAccounts, type OrganizationsService } from '../organizations/organizations.module.ts';
import type { SystemService } from '../system/system.module.ts';
import { authRoutesPlugin } from './auth.routes.ts';
import { createAuthService, INVITATION_LINK_DAYS } from './auth.service.ts';
import { inviteAccounts } from './invite-accounts.ts';
import { type DemoPerson, seedDemoAccounts } from './seed-demo-accounts.ts';

export type { AuthService } from './auth.service.ts';
export { INVITATION_LINK_DAYS } from './auth.service.ts';
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
  /** At sign-in the address is proven: positioning invitations sent to it attach to the account. */
  attachPositioning?: (user: SessionUser) => Promise<void>;
  now?: () => Date;
}) {
  const { database, organizations, system } = deps;
  const service = createAuthService({
    database,
    secret: deps.secret,
    appUrl: deps.appUrl,
    mailer: deps.mailer,
    organizations,
    now: deps.now,
  });
  const routes: FastifyPluginAsync = (app) =>
    authRoutesPlugin(app, {
      authService: service,
      secure: deps.appUrl.startsWith('https://'),
      onSignIn: async (user, request) => {
        await system.recordSignIn(user, { ip: request.ip, userAgent: request.headers['user-agent'] });
        if (user.role === 'student' && user.organizationId)
          await deps.achievements?.evaluate({
            organizationId: user.organizationId,
            userId: user.id,
            criterion: 'login',
          });
        await deps.attachPositioning?.(user);
      },
    });
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
      seedDemoAccounts({ db: database.service, authService: service, organizations }, input),
  };
}
