import type { FastifyPluginAsync } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.module.ts';
import { createMonitoringJob } from './monitoring.ts';
import { createResponseTimes } from './response-times.ts';
import { seedDemoMonitoring } from './seed-demo-system.ts';
import { systemRoutesPlugin } from './system.routes.ts';
import { createSystemService } from './system.service.ts';
import { signInLogs } from './system.tables.ts';
import { systemAdminRoutesPlugin } from './system-admin.routes.ts';
import { createSystemAdminService } from './system-admin.service.ts';
import type { HealthSources } from './system-health.ts';

export { eraseSignInLogs, exportSystemPersonalData, purgeExpiredLogs } from './system.personal-data.ts';
export type { SystemService } from './system.service.ts';

/**
 * Logs, alerts, sign-in records, job runs, health and readiness; the admins' monitoring screens and
 * the SPEC 9 monitoring job, fed by the response times this module measures (`responseTimes.onSend`).
 */
export function createSystemModule(deps: {
  database: Database;
  /** Whether mail goes out by SMTP (readiness says so). */
  smtp: boolean;
  supportEmail: string;
  /** Where the health page reads the free disk space. */
  dataDir: string;
  audit: Pick<AuditService, 'record'>;
  /** The organisations module's names of organisations, in the caller's transaction. */
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
  log: { error(object: object, message: string): void };
  now?: () => Date;
  benchBaseline?: boolean;
}) {
  const { database } = deps;
  const now = deps.now ?? (() => new Date());
  const service = createSystemService({ database, now: deps.now });
  const responseTimes = createResponseTimes({ service: database.service, now, log: deps.log });
  const admin = createSystemAdminService({
    database,
    now,
    smtp: deps.smtp,
    dataDir: deps.dataDir,
    responseTimes,
    audit: deps.audit,
    organizationNames: deps.organizationNames,
  });
  /** The health page's sources outside this module: the scheduler's jobs, the outbox, the storage. */
  const routes: FastifyPluginAsync<{ health: HealthSources }> = async (app, { health }) => {
    await systemRoutesPlugin(app, {
      database,
      smtp: deps.smtp,
      system: service,
      supportEmail: deps.supportEmail,
      benchBaseline: deps.benchBaseline,
    });
    await systemAdminRoutesPlugin(app, { admin, health });
  };
  return {
    service,
    routes,
    /** app.ts hooks `onSend` to every request and flushes the last minute at close. */
    responseTimes,
    jobs: [createMonitoringJob({ jobs: database.jobs, responseTimes })],
    /** Some logs over the last days and two alerts (one resolved), so the admin screens show data. */
    seedMonitoring: (input: Parameters<typeof seedDemoMonitoring>[1]) =>
      seedDemoMonitoring(database.db, input),
    /**
     * The demo's past sign-ins, dated when they happened (recordSignIn stamps the present): the
     * connection logs show each day's sign-in before its tracked time. Written by the seeding owner.
     */
    seedDemo: async (signIns: readonly DemoSignIn[]) => {
      if (signIns.length === 0) return;
      await database.db.insert(signInLogs).values(
        signIns.map((signIn) => ({
          userId: signIn.userId,
          organizationId: signIn.organizationId,
          userRole: 'student',
          ipAddress: signIn.ipAddress,
          userAgent: signIn.userAgent,
          createdAt: signIn.at,
        })),
      );
    },
  };
}

export interface DemoSignIn {
  userId: string;
  organizationId: string;
  at: Date;
  ipAddress: string;
  userAgent: string;
}
