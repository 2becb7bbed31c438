import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { systemRoutesPlugin } from './system.routes.ts';
import { createSystemService } from './system.service.ts';

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
  return { service, routes };
}
