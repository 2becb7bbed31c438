import { Readable } from 'node:stream';
import { hasPermission, type SessionUser, timeTrackingRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import type { AttemptCounter } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import { type AuditService, auditActorOf } from '../audit/audit.module.ts';
import type { ConnectionLogsService } from './connection-logs.service.ts';
import type { createDashboardService } from './dashboard.service.ts';
import type { IntegrityService } from './integrity.service.ts';
import { countReasons, type createSyncSessions } from './sync-sessions.ts';
import type { TimeIssueReporter } from './time-issues.ts';
import type { TimeTrackingService } from './time-tracking.service.ts';

const tags = ['time-tracking'];
// Reports come from learners' browsers: capped, or the log is a free place to fill a disk.
const ISSUE_REPORTS_PER_USER = { max: 30, windowMs: 15 * 60 * 1000 };

/** SPEC 6: the session-reset control, the settings and the connection logs are staff's; resetting a total is admins'. */
function requireStaff(request: FastifyRequest, permission: string): SessionUser {
  const user = requireRole(request, ['trainer']);
  if (!hasPermission(user.role, [permission])) throw new AppError('NOT_AUTHORIZED');
  if (user.role === 'trainer' && !user.organizationId) throw new AppError('NO_ORGANIZATION');
  return user;
}

export async function timeTrackingRoutesPlugin(
  app: FastifyInstance,
  options: {
    timeTracking: TimeTrackingService;
    integrity: IntegrityService;
    syncSessions: ReturnType<typeof createSyncSessions>;
    getDashboard: ReturnType<typeof createDashboardService>;
    connectionLogs: ConnectionLogsService;
    issues: TimeIssueReporter;
    attempts: AttemptCounter;
    /** Resets and exports of the time ledger go to the audit trail (issue 19). */
    audit: Pick<AuditService, 'recordEvent'>;
    now: () => Date;
  },
) {
  const { timeTracking, integrity, connectionLogs, attempts } = options;
  // SPEC 4: time is tracked for students only (admins pass every guard).
  const student = (request: FastifyRequest) => requireRole(request, ['student']);

  route(
    app,
    timeTrackingRoutes.start,
    (request, _reply, { body }) => timeTracking.start(student(request), body),
    {
      tags,
    },
  );
  route(
    app,
    timeTrackingRoutes.listOpen,
    async (request) => ({ items: await timeTracking.listOpen(student(request)) }),
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.heartbeat,
    (request, _reply, { params, body }) => timeTracking.heartbeat(student(request), params.id, body),
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.end,
    (request, _reply, { params, body }) => timeTracking.end(student(request), params.id, body.elapsedSeconds),
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.sync,
    async (request, _reply, { body }) => {
      const user = student(request);
      const answer = await options.syncSessions(user, body.sessions);
      const refused = answer.results.filter((result) => result.status === 'rejected');
      if (refused.length > 0) {
        request.log.warn(
          {
            event: 'time_tracking.sync_refused',
            userId: user.id,
            refused: refused.length,
            sent: body.sessions.length,
            reasons: countReasons(refused),
          },
          'offline sessions refused',
        );
      }
      return answer;
    },
    { tags },
  );
  route(app, timeTrackingRoutes.myTime, (request) => timeTracking.myTime(student(request)), { tags });
  route(
    app,
    timeTrackingRoutes.dashboard,
    (request) => {
      const user = student(request);
      if (!hasPermission(user.role, ['view:dashboard'])) throw new AppError('NOT_AUTHORIZED');
      return options.getDashboard(user);
    },
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.check,
    (request, _reply, { body }) => integrity.check(student(request), body),
    {
      tags,
    },
  );
  route(
    app,
    timeTrackingRoutes.reportIssue,
    async (request, _reply, { body }) => {
      const user = student(request);
      if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
      const key = `user:${user.id}:time-issues`;
      await attempts.consume(key, ISSUE_REPORTS_PER_USER);
      await options.issues.report({
        issueType: body.issueType,
        userId: user.id,
        organizationId: user.organizationId,
        detail: `reported by the learner's browser${body.message ? `: ${body.message}` : ''}`,
        metadata: { reportedBy: 'client', sessionId: body.sessionId },
      });
      return { ok: true as const };
    },
    { tags },
  );

  route(
    app,
    timeTrackingRoutes.resetSession,
    async (request, _reply, { params }) => {
      const user = requireStaff(request, 'manage:time-tracking');
      const result = await timeTracking.resetSession(user, params.userId);
      request.log.info(
        { event: 'time_tracking.reset_session', by: user.id, studentId: params.userId, ...result },
        'current session reset',
      );
      return result;
    },
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.resetTotal,
    async (request, _reply, { params }) => {
      const user = requireStaff(request, 'reset:time-tracking');
      const result = await timeTracking.resetTotal(user, params.userId);
      request.log.warn(
        {
          event: 'time_tracking.reset_total',
          by: user.id,
          studentId: params.userId,
          deleted: result.deletedSessionCount,
        },
        'total time reset',
      );
      return result;
    },
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.getSettings,
    (request, _reply, { query }) =>
      timeTracking.getSettings(requireStaff(request, 'manage:time-tracking'), query.organizationId),
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.updateSettings,
    (request, _reply, { body }) =>
      timeTracking.updateSettings(requireStaff(request, 'manage:time-tracking'), body),
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.connectionLogs,
    (request, _reply, { query }) => connectionLogs.list(requireStaff(request, 'view:connection-logs'), query),
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.connectionLogEntries,
    (request, _reply, { params, query }) =>
      connectionLogs.entries(requireStaff(request, 'view:connection-logs'), params.studentId, query),
    { tags },
  );
  route(
    app,
    timeTrackingRoutes.exportConnectionLogs,
    async (request, reply, { query }) => {
      const user = requireStaff(request, 'view:connection-logs');
      // Refusals (range, organisation) are thrown here, before any byte is sent.
      const lines = connectionLogs.exportCsv(user, query, requestLanguage(request));
      await options.audit.recordEvent({
        action: 'export.created',
        organizationId: user.role === 'admin' ? (query.organizationId ?? null) : user.organizationId,
        actor: auditActorOf(user),
        targetType: 'connection_logs',
        targetId: null,
        // The period, and whether a learner or formation narrowed it: ids of the query are not
        // echoed, since a trainer may have named another organisation's (which exports nothing).
        details: {
          export: 'connection_logs',
          from: query.from ?? null,
          to: query.to ?? null,
          byLearner: Boolean(query.studentId),
          byFormation: Boolean(query.courseId),
        },
      });
      const day = options.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="connection-logs-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
    { tags },
  );
}
