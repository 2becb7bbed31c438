import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { systemRoutesPlugin } from './system.routes.ts';
import { createSystemService } from './system.service.ts';
import { signInLogs } from './system.tables.ts';

export type { SystemService } from './system.service.ts';

/** Logs, alerts, sign-in records, job runs, health and readiness. */
export function createSystemModule(deps: {
  database: Database;
  /** Whether mail goes out by SMTP (readiness says so). */
  smtp: boolean;
  supportEmail: string;
  now?: () => Date;
  benchBaseline?: boolean;
}) {
  const { database } = deps;
  const service = createSystemService({ database, now: deps.now });
  const routes: FastifyPluginAsync = (app) =>
    systemRoutesPlugin(app, {
      database,
      smtp: deps.smtp,
      system: service,
      supportEmail: deps.supportEmail,
      benchBaseline: deps.benchBaseline,
    });
  return {
    service,
    routes,
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
