import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { StoredFileRow } from '../files/files.module.ts';
import { privacyRoutesPlugin } from './privacy.routes.ts';
import { createPrivacyService } from './privacy.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GDPR (issue 19 point 3, docs/privacy.md): a person's export of their data, an organisation's
 * erasure of a learner with the evidence kept for the organisation's period, and the daily job that
 * purges what has outlived its period. It reads and erases through the other modules' functions,
 * never their tables.
 */
export function createPrivacyModule(deps: {
  database: Database;
  files: {
    findInOrganization(tx: Tx, organizationId: string, ids: string[]): Promise<StoredFileRow[]>;
    read(file: StoredFileRow): Readable;
  };
  audit: Pick<AuditService, 'recordEvent'>;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const service = createPrivacyService(deps);
  const routes: FastifyPluginAsync = (app) =>
    privacyRoutesPlugin(app, { privacy: service, readFile: (file) => deps.files.read(file), now: deps.now });
  const jobs: ScheduledJob[] = [
    {
      name: 'privacy-retention',
      intervalMs: DAY_MS,
      async run(at) {
        const purged = await service.purgeExpired(at);
        deps.log.info({ event: 'privacy.retention', ...purged }, 'retention periods applied');
        return purged;
      },
    },
  ];
  return { service, routes, jobs };
}
