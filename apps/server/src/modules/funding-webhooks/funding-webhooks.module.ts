import type { FastifyPluginAsync } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import type { AuditService } from '../audit/audit.module.ts';
import { createEndpointSecrets } from './endpoint-secrets.ts';
import { fundingWebhookRoutesPlugin } from './funding-webhooks.routes.ts';
import { createFundingWebhooksService } from './funding-webhooks.service.ts';
import { createDeliveryProcessor, type ProcessingSources } from './process-deliveries.ts';
import { createDeliveryReceiver } from './receive-delivery.ts';
import { seedDemoFundingWebhooks } from './seed-demo-funding-webhooks.ts';

export const FUNDING_WEBHOOK_JOB = 'funding-webhook-processing';
/** Every scheduler tick: a delivery the request could not process waits a minute at most. */
const PROCESSING_INTERVAL_MS = 60_000;

/**
 * The funding platform's webhooks (issue 17 point 4): a receiver per organisation, signed deliveries
 * logged before anything is done with them, a job applying registration-folder events (the learner,
 * the enrolment and its dates), and the admin screens (logs, replay, each receiver's secret).
 */
export function createFundingWebhooksModule(deps: {
  database: Database;
  /** Encrypts the organisations' secrets: FUNDING_WEBHOOK_SECRET, or the server secret. */
  secretKey: string;
  audit: Pick<AuditService, 'record'>;
  sources: ProcessingSources & {
    courseTitles: (tx: Tx, courseIds: string[]) => Promise<Map<string, string>>;
  };
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, now, sources } = deps;
  const secrets = createEndpointSecrets({ database, key: deps.secretKey, now });
  const processor = createDeliveryProcessor({ database, sources, now, log: deps.log });
  const receiver = createDeliveryReceiver({ database, secrets, now });
  const service = createFundingWebhooksService({
    database,
    secrets,
    processor,
    audit: deps.audit,
    organizationNames: sources.organizationNames,
    courseTitles: sources.courseTitles,
    isCourseOf: sources.isCourseOf,
  });
  const jobs: ScheduledJob[] = [
    { name: FUNDING_WEBHOOK_JOB, intervalMs: PROCESSING_INTERVAL_MS, run: () => processor.processDue() },
  ];
  const routes: FastifyPluginAsync = (app) =>
    fundingWebhookRoutesPlugin(app, { service, receiver, processor });
  return {
    service,
    processor,
    routes,
    jobs,
    seedDemo: (input: Parameters<typeof seedDemoFundingWebhooks>[1]) =>
      seedDemoFundingWebhooks({ secrets, db: database.db }, input),
  };
}
