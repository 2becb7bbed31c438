import { TIME_TRACKING } from '@cursus/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createAttemptCounter } from '../../lib/rate-limit.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { CoursesService, LearningService } from '../courses/courses.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { SystemService } from '../system/system.module.ts';
import { createConnectionLogsService } from './connection-logs.service.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createIntegrityService, INTEGRITY_JOB } from './integrity.service.ts';
import { learnerTime } from './learner-time.ts';
import { OFFLINE_LEASE_PURGE_JOB, purgeOfflineLeases } from './offline-leases.ts';
import { seedDemoSittings, seedDemoTime } from './seed-demo-time.ts';
import { createSyncSessions } from './sync-sessions.ts';
import { createTimeIssueReporter } from './time-issues.ts';
import { timeTrackingRoutesPlugin } from './time-tracking.routes.ts';
import { createTimeTrackingService } from './time-tracking.service.ts';

export { exportTimeTrackingPersonalData } from './time-tracking.personal-data.ts';
export type { TimeTrackingService } from './time-tracking.service.ts';

/** Learners' time (SPEC 4, docs/time-tracking.md): sessions, totals, dashboard, connection logs, integrity job. */
export function createTimeTrackingModule(deps: {
  database: Database;
  organizations: OrganizationsService;
  notifications: NotificationsService;
  system: SystemService;
  courses: CoursesService;
  learning: LearningService;
  /** Time added to a learner's totals counts towards time_spent badges. */
  achievements?: AchievementsService;
  audit: Pick<AuditService, 'recordEvent'>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, organizations, system, learning, now } = deps;
  const issues = createTimeIssueReporter({
    system,
    notifications: deps.notifications,
    organizations,
    log: deps.log,
  });
  const tracking = createTimeTrackingService({
    database,
    issues,
    organizations,
    learning,
    audit: deps.audit,
    now,
  });
  // Totals grow when a session ends (or stops at its maximum) and when offline time is synced.
  const timeRecorded = async (user: { id: string; organizationId: string | null }) => {
    if (user.organizationId)
      await deps.achievements?.evaluate({
        organizationId: user.organizationId,
        userId: user.id,
        criterion: 'time_spent',
      });
  };
  const service: typeof tracking = {
    ...tracking,
    async end(user, id, elapsedSeconds) {
      const result = await tracking.end(user, id, elapsedSeconds);
      if (!result.alreadyEnded) await timeRecorded(user);
      return result;
    },
    async heartbeat(user, id, input) {
      const result = await tracking.heartbeat(user, id, input);
      if (result.maxReached) await timeRecorded(user);
      return result;
    },
  };
  const syncSessions = createSyncSessions({ database, issues, learning, now });
  const integrity = createIntegrityService({ database, issues, now });
  const routes: FastifyPluginAsync = (app) =>
    timeTrackingRoutesPlugin(app, {
      timeTracking: service,
      integrity,
      syncSessions: async (user, entries) => {
        const result = await syncSessions(user, entries);
        if (result.results.some((entry) => entry.status === 'synced')) await timeRecorded(user);
        return result;
      },
      getDashboard: createDashboardService({ database, timeTracking: service, learning, now }),
      connectionLogs: createConnectionLogsService({
        database,
        organizations,
        system,
        courses: deps.courses,
        now,
      }),
      issues,
      attempts: createAttemptCounter(database.service, now),
      audit: deps.audit,
      now,
    });
  const jobs: ScheduledJob[] = [
    {
      name: INTEGRITY_JOB,
      intervalMs: TIME_TRACKING.integrityCheckIntervalMs,
      run: (at) => integrity.runIntegrityCheck(at),
    },
    {
      name: OFFLINE_LEASE_PURGE_JOB,
      intervalMs: 24 * 3600 * 1000,
      run: (at) => purgeOfflineLeases(database.jobs, at),
    },
  ];
  return {
    service,
    integrity,
    /** Tracked time per learner, for the learners module's list and record. */
    learnerTime,
    routes,
    jobs,
    seedDemo: (input: Parameters<typeof seedDemoTime>[1]) =>
      seedDemoTime({ database, learning, organizations }, input),
    seedDemoSittings: (input: Parameters<typeof seedDemoSittings>[1]) =>
      seedDemoSittings({ database }, input),
  };
}
