import type { UserEmailTemplate } from '@cursus/contracts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/scheduler.ts';
import { emailRoutesPlugin } from './email.routes.ts';
import { createMailer, type Mailer, purgeEmailBodies } from './email.service.ts';
import { readOutboxStatus } from './outbox-status.ts';
import { seedDemoEmailPreferences } from './seed-demo-email.ts';
import { formatDateTime } from './templates/format.ts';
import type { EmailData, EmailTemplate, UserEmailData } from './templates/render.tsx';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';
import { createUserEmails, type EmailRecipient } from './user-emails.ts';

export { eraseEmailData, exportEmailPersonalData } from './email.personal-data.ts';
export type { Mailer } from './email.service.ts';
export { type EvaluationEmailKind, renderEvaluationEmail } from './templates/evaluation.tsx';
/** Dates in account emails are written as the templates write theirs (Paris time, said so). */
export { formatDateTime } from './templates/format.ts';
export type { EmailTemplate, UserEmailData } from './templates/render.tsx';
export type { UserEmailTemplate };

export const EMAIL_PURGE_JOB = 'email-outbox-purge';

/**
 * The outbox (account emails through `send`, everything else through `sendToUser`) plus what each
 * person chose to receive. Modules get `Pick<EmailService, 'sendToUser'>` and call it once their
 * transaction has committed.
 */
export type EmailService = Mailer & {
  /**
   * Queues `template` for a user, in their language (profiles.language), to their address, unless
   * they turned that kind off. Resolves to false when skipped (turned off, or no such user). Never
   * throws for a delivery problem (the outbox retries); callers call it after their transaction commits.
   */
  sendToUser<T extends UserEmailTemplate>(input: {
    userId: string;
    template: T;
    data: UserEmailData[T];
  }): Promise<boolean>;
  /**
   * Queues an account or invitation template (`send`) for a user, in their language, to their address:
   * for messages a person needs whatever their preferences, such as a link to sign their attendance.
   * `expiresAt` is written in their language, Paris time; their organisation is named unless given.
   * Resolves to false when there is no such user.
   */
  sendRequiredToUser(input: {
    userId: string;
    template: EmailTemplate;
    data: Omit<EmailData, 'name' | 'expires'> & { expiresAt?: Date };
  }): Promise<boolean>;
};

/** Every message is stored first, then sent by SMTP or written to the log. */
export function createEmailModule(deps: {
  database: Database;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** Signs the unsubscribe links. */
  secret: string;
  appUrl: string;
  supportEmail: string;
  /** The organisations module's lookup: address, name, language and role of a person. */
  loadUser: (userId: string) => Promise<EmailRecipient | null>;
  /** Tests inject one whose transport fails on purpose. */
  mailer?: Mailer;
}) {
  const { database, smtpUrl, from, log, appUrl, supportEmail } = deps;
  const mailer = deps.mailer ?? createMailer({ database, smtpUrl, from, log, supportEmail });
  const userEmails = createUserEmails({
    database,
    mailer,
    loadUser: deps.loadUser,
    tokens: createUnsubscribeTokens(deps.secret),
    appUrl,
    supportEmail,
    log,
  });
  const service: EmailService = {
    ...mailer,
    sendToUser: userEmails.sendToUser,
    async sendRequiredToUser({ userId, template, data }) {
      const user = await deps.loadUser(userId);
      if (!user) return false;
      const { expiresAt, ...rest } = data;
      await mailer.send({
        to: user.email,
        template,
        language: user.language,
        data: {
          organization: user.organizationName ?? undefined,
          ...rest,
          name: user.fullName,
          ...(expiresAt ? { expires: formatDateTime(expiresAt.toISOString(), user.language) } : {}),
        },
      });
      return true;
    },
  };
  const jobs: ScheduledJob[] = [
    // Message bodies carry links: they are blanked once past their retention (email.service.ts).
    { name: EMAIL_PURGE_JOB, intervalMs: 60 * 60 * 1000, run: (at) => purgeEmailBodies(database.jobs, at) },
  ];
  const routes: FastifyPluginAsync = (app) => emailRoutesPlugin(app, { userEmails });
  return {
    service,
    routes,
    jobs,
    /** Counts for the admins' health page (system module). */
    outboxStatus: (at: Date) => readOutboxStatus(database.jobs, at),
    seedDemo: (input: Parameters<typeof seedDemoEmailPreferences>[1]) =>
      seedDemoEmailPreferences(database, input),
  };
}
