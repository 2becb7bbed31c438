import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import { createMailer, type Mailer, purgeEmailBodies } from './email.service.ts';

export type { Mailer } from './email.service.ts';
export type { EmailTemplate } from './templates.ts';

export const EMAIL_PURGE_JOB = 'email-outbox-purge';

/** The outbox (no routes): every message is stored first, then sent by SMTP or written to the log. */
export function createEmailModule(deps: {
  database: Database;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** Tests inject one whose transport fails on purpose. */
  mailer?: Mailer;
}) {
  const { database, smtpUrl, from, log } = deps;
  const jobs: ScheduledJob[] = [
    // Message bodies carry links: they are blanked once past their retention (email.service.ts).
    { name: EMAIL_PURGE_JOB, intervalMs: 60 * 60 * 1000, run: (at) => purgeEmailBodies(database.jobs, at) },
  ];
  return { service: deps.mailer ?? createMailer({ database, smtpUrl, from, log }), jobs };
}
