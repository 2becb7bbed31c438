import { accountSessionRoutes, type SessionUser } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireUser, toHeaders } from '../../plugins/session.ts';
import type { AuditEvent, AuditService } from '../audit/audit.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { AccountNotices } from './account-notices.ts';
import type { AccountSessions } from './account-sessions.ts';
import type { AccountStatusService } from './account-status.ts';

const tags = ['auth'];

/** Issue 19: one's own sessions (profile), and an admin's actions on an account. */
export async function accountSessionsRoutesPlugin(
  app: FastifyInstance,
  options: {
    sessions: AccountSessions;
    status: AccountStatusService;
    organizations: Pick<OrganizationsService, 'loadUser'>;
    audit: Pick<AuditService, 'recordEvent'>;
    notices: Pick<AccountNotices, 'secondFactorRemoved'>;
  },
) {
  const { sessions, status, organizations, audit, notices } = options;

  /** One event of the audit trail about `target`'s account, done by the signed-in caller. */
  function eventOn(
    request: FastifyRequest,
    actor: SessionUser,
    target: { id: string; organizationId: string | null },
    action: string,
    extra: Pick<AuditEvent, 'before' | 'after' | 'details'>,
  ): AuditEvent {
    return {
      action,
      // The event belongs to the organisation of the account acted on, so its staff read it too.
      organizationId: target.organizationId,
      actor: { id: actor.id, email: actor.email, name: actor.fullName },
      targetType: 'user',
      targetId: target.id,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      ...extra,
    };
  }

  /** The account acted on, read before its transaction; USER_NOT_FOUND for an id of no account. */
  async function targetOf(userId: string) {
    await status.statusOf(userId);
    const profile = await organizations.loadUser(userId);
    return { id: userId, organizationId: profile?.organizationId ?? null };
  }

  route(
    app,
    accountSessionRoutes.list,
    async (request) => {
      const user = requireUser(request);
      return { sessions: await sessions.list(user.id, toHeaders(request)) };
    },
    { tags },
  );

  route(
    app,
    accountSessionRoutes.revoke,
    async (request, _reply, { params }) => {
      const user = requireUser(request);
      await sessions.revoke(user.id, params.id);
      await audit.recordEvent(
        eventOn(request, user, user, 'auth.sessions_revoked', {
          details: { scope: 'one', sessionId: params.id, revoked: 1 },
        }),
      );
      return { ok: true as const };
    },
    { tags },
  );

  route(
    app,
    accountSessionRoutes.revokeOthers,
    async (request) => {
      const user = requireUser(request);
      const revoked = await sessions.revokeOthers(user.id, toHeaders(request));
      await audit.recordEvent(
        eventOn(request, user, user, 'auth.sessions_revoked', { details: { scope: 'others', revoked } }),
      );
      return { revoked };
    },
    { tags },
  );

  route(
    app,
    accountSessionRoutes.accountStatus,
    async (_request, _reply, { params }) => status.statusOf(params.userId),
    { tags },
  );

  route(
    app,
    accountSessionRoutes.revokeAccountSessions,
    async (request, _reply, { params }) => {
      const admin = requireUser(request);
      const target = await targetOf(params.userId);
      const revoked = await sessions.revokeAll(params.userId);
      await audit.recordEvent(
        eventOn(request, admin, target, 'auth.sessions_revoked', { details: { scope: 'all', revoked } }),
      );
      return { revoked };
    },
    { tags },
  );

  route(
    app,
    accountSessionRoutes.disableAccount,
    async (request, _reply, { params }) => {
      const admin = requireUser(request);
      // An admin locking themselves out would leave the platform without the one who can undo it.
      if (params.userId === admin.id) throw new AppError('NOT_AUTHORIZED');
      const target = await targetOf(params.userId);
      return status.disable(params.userId, (tx, { before, after, revokedSessions }) =>
        audit.recordEvent(
          eventOn(request, admin, target, 'account.disabled', {
            before: { disabledAt: before.disabledAt },
            after: { disabledAt: after.disabledAt },
            details: { revokedSessions },
          }),
          tx,
        ),
      );
    },
    { tags },
  );

  route(
    app,
    accountSessionRoutes.enableAccount,
    async (request, _reply, { params }) => {
      const admin = requireUser(request);
      const target = await targetOf(params.userId);
      return status.enable(params.userId, (tx, { before, after }) =>
        audit.recordEvent(
          eventOn(request, admin, target, 'account.enabled', {
            before: { disabledAt: before.disabledAt },
            after: { disabledAt: after.disabledAt },
          }),
          tx,
        ),
      );
    },
    { tags },
  );

  route(
    app,
    accountSessionRoutes.removeTwoFactor,
    async (request, _reply, { params }) => {
      const admin = requireUser(request);
      // Their own goes through their profile, with their password and a code.
      if (params.userId === admin.id) throw new AppError('NOT_AUTHORIZED');
      const target = await targetOf(params.userId);
      const after = await status.removeSecondFactor(params.userId, (tx, change) =>
        audit.recordEvent(
          eventOn(request, admin, target, 'auth.mfa_disabled', {
            before: { twoFactorEnabled: change.before.twoFactorEnabled },
            after: { twoFactorEnabled: change.after.twoFactorEnabled },
            details: { by: 'platform_admin' },
          }),
          tx,
        ),
      );
      await notices.secondFactorRemoved(params.userId);
      return after;
    },
    { tags },
  );
}
