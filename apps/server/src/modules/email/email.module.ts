import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createMailer, type Mailer } from './email.service.ts';

export type { Mailer } from './email.service.ts';
export type { EmailTemplate } from './templates.ts';

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
  return { service: deps.mailer ?? createMailer({ db: database.db, smtpUrl, from, log }) };
}
