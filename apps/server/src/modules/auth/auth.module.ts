import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../email/email.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { SystemService } from '../system/system.module.ts';
import { authRoutesPlugin } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { type DemoPerson, seedDemoAccounts } from './seed-demo-accounts.ts';

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
      onSignIn: (user, request) =>
        system.recordSignIn(user, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    });
  return {
    service,
    routes,
    seedDemo: (input: { organizationId: string; people: readonly DemoPerson[] }) =>
      seedDemoAccounts({ db: database.service, authService: service, organizations }, input),
  };
}
