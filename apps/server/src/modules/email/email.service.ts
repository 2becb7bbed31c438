import type { Language } from '@cursus/contracts';
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Db } from '../../db/client.ts';
import { emailOutbox } from './email.tables.ts';
import { formatDateTime } from './templates/format.ts';
import { type EmailData, type EmailTemplate, type RenderedEmail, renderEmail } from './templates/render.tsx';

export const OUTBOX_MAX_ATTEMPTS = 8;
const OUTBOX_BATCH = 20;

/** A rendered message as the outbox keeps it until SMTP takes it. */
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

export interface OutboxMessage extends RenderedEmail {
  to: string;
  /** Which template wrote it: the record, and what tests look for. */
  template: string;
  language: Language;
  headers?: Record<string, string>;
  /** An iCalendar attachment (invitation.ics). */
  ics?: string;
}

export interface Mailer {
  /** Renders an account or invitation email (no unsubscribe link: these cannot be turned off) and queues it. */
  send(message: { to: string; template: EmailTemplate; language: Language; data: EmailData }): Promise<void>;
  /**
   * One account or invitation template to many people at once (a CSV import of thousands): rendered
   * once, each person's name and link put in afterwards, queued in multi-row inserts.
   */
  sendMany(batch: {
    template: EmailTemplate;
    language: Language;
    /** `expiresAt` is written in the batch's language, Paris time. */
    data: Omit<EmailData, 'name' | 'url' | 'expires'> & { expiresAt?: Date };
    recipients: readonly { to: string; name: string; url: string }[];
  }): Promise<void>;
  /** Queues a message already rendered (sendToUser's, with its headers and attachment). */
  enqueue(message: OutboxMessage): Promise<void>;
  /** Sends what is due; `deliverSoon` and the worker's timer call it, tests call it directly. */
  deliverDue(now?: Date): Promise<number>;
  /**
   * Starts sending what is due in the background, unless a batch is already running, in which case
   * one more batch follows it (so a message queued meanwhile does not wait for the timer).
   */
  deliverSoon(): void;
  /** Resolves once no batch is running: shutdown and tests wait on it. */
  idle(): Promise<void>;
  close(): void;
}

/**
 * How long a body that will not be sent again stays in the outbox. Bodies hold sign-in grade links
 * (email confirmation, password reset), so none is kept for good:
 * - sent (SMTP accepted it): blanked at delivery;
 * - logged (no SMTP_URL) and failed (gave up): blanked 24 hours after the message was written. A
 *   developer without SMTP, and the tests (test/helper.ts `lastMailLink`), read links from the row
 *   meanwhile; both links expire before then anyway;
 * - pending: kept, the retries need it.
 * The row itself (recipient, template, status, dates, error) stays as the record.
 */
export const EMAIL_BODY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Blanks the bodies past their retention (see above); returns how many. The hourly job calls it. */
export async function purgeEmailBodies(db: Db, at: Date): Promise<number> {
  const purged = await db
    .update(emailOutbox)
    .set({ text: '', html: '', headers: null, ics: null })
    .where(
      and(
        inArray(emailOutbox.status, ['sent', 'logged', 'failed']),
        lte(emailOutbox.createdAt, new Date(at.getTime() - EMAIL_BODY_RETENTION_MS)),
        ne(emailOutbox.text, ''),
      ),
    )
    .returning({ id: emailOutbox.id });
  return purged.length;
}

/** Exponential back-off, one minute doubling up to an hour. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

export function createMailer(options: {
  database: Pick<Database, 'service' | 'jobs'>;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** The footer's support address. */
  supportEmail: string;
  transport?: Transporter;
}): Mailer {
  const { log, from, supportEmail } = options;
  // A request only queues (cursus_service); sending is background work, as cursus_jobs.
  const { service: queue, jobs: db } = options.database;
  const transport =
    options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);

  let delivering: Promise<void> | undefined;
  let again = false;

  async function attempt(row: typeof emailOutbox.$inferSelect, now: Date) {
    if (!transport) return;
    try {
      await transport.sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
        attachments: row.ics
          ? [
              {
                filename: 'invitation.ics',
                content: row.ics,
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              },
            ]
          : undefined,
      });
      await db
        .update(emailOutbox)
        // Delivered: the body (its links are credentials) is not ours to keep any more.
        .set({
          status: 'sent',
          sentAt: now,
          attempts: row.attempts + 1,
          lastError: null,
          text: '',
          html: '',
          headers: null,
          ics: null,
        })
        .where(eq(emailOutbox.id, row.id));
    } catch (error) {
      const attempts = row.attempts + 1;
      const gaveUp = attempts >= OUTBOX_MAX_ATTEMPTS;
      log.warn(
        { err: error, to: row.toAddress, attempts },
        gaveUp ? 'email failed for good' : 'email failed, will retry',
      );
      await db
        .update(emailOutbox)
        .set({
          status: gaveUp ? 'failed' : 'pending',
          attempts,
          lastError: String((error as Error).message ?? error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + nextAttemptDelayMs(attempts)),
        })
        .where(eq(emailOutbox.id, row.id));
    }
  }

  async function deliverDue(now = new Date()) {
    if (!transport) return 0;
    const due = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(OUTBOX_BATCH);
    if (due.length === 0) return 0;
    // Claim the batch so a second instance does not send the same messages.
    const claimed = await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`${emailOutbox.nextAttemptAt} + interval '5 minutes'` })
      .where(
        and(
          inArray(
            emailOutbox.id,
            due.map((row) => row.id),
          ),
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.nextAttemptAt, now),
        ),
      )
      .returning();
    for (const row of claimed) await attempt(row, now);
    return claimed.length;
  }

  function deliverSoon() {
    if (!transport) return;
    if (delivering) {
      again = true;
      return;
    }
    delivering = (async () => {
      // Another batch when a message was queued meanwhile or this one was full.
      let full = false;
      do {
        again = false;
        try {
          full = (await deliverDue()) === OUTBOX_BATCH;
        } catch (error) {
          full = false;
          log.error({ err: error }, 'outbox delivery failed');
        }
      } while (again || full);
    })().finally(() => {
      delivering = undefined;
    });
  }

  // Only queued here: the request that asks for an email (sign-up, reset) answers without waiting
  // for SMTP, so its timing says nothing of whether the account exists, and an SMTP outage does
  // not stall it. `deliverSoon` sends it a moment later, outside the request.
  async function enqueue(message: OutboxMessage) {
    const { to, template, language, subject, text, html, headers, ics } = message;
    await queue.insert(emailOutbox).values({
      toAddress: to,
      template,
      language,
      subject,
      text,
      html,
      headers: headers ?? null,
      ics: ics ?? null,
      status: transport ? 'pending' : 'logged',
      // The clock deliverDue compares with, so the message is due at once.
      nextAttemptAt: new Date(),
    });
    if (!transport) {
      // Development without SMTP: the outbox row is the record, the log shows the link.
      log.info({ to, subject, text }, 'email logged (no SMTP_URL)');
      return;
    }
    deliverSoon();
  }

  return {
    async sendMany({ template, language, data, recipients }) {
      if (recipients.length === 0) return;
      // Tokens no name or link can contain; the HTML part gets each value escaped as React would.
      const NAME = 'cursus-name-9f1c2e';
      const URL_TOKEN = 'https://cursus-link-9f1c2e.invalid/';
      const { expiresAt, ...rest } = data;
      const expires = expiresAt ? { expires: formatDateTime(expiresAt.toISOString(), language) } : {};
      const rendered = await renderEmail(
        template,
        language,
        { ...rest, ...expires, name: NAME, url: URL_TOKEN },
        {
          organization: data.organization ?? null,
          supportEmail,
        },
      );
      const fill = (part: string, name: string, url: string) =>
        part.replaceAll(NAME, name).replaceAll(URL_TOKEN, url);
      const messages = recipients.map((recipient) => ({
        toAddress: recipient.to,
        template,
        language,
        subject: fill(rendered.subject, recipient.name, recipient.url),
        text: fill(rendered.text, recipient.name, recipient.url),
        html: fill(rendered.html, escapeHtml(recipient.name), escapeHtml(recipient.url)),
        status: transport ? 'pending' : 'logged',
        nextAttemptAt: new Date(),
      }));
      for (let offset = 0; offset < messages.length; offset += 500)
        await queue.insert(emailOutbox).values(messages.slice(offset, offset + 500));
      if (!transport) {
        for (const message of messages)
          log.info(
            { to: message.toAddress, subject: message.subject, text: message.text },
            'email logged (no SMTP_URL)',
          );
        return;
      }
      deliverSoon();
    },
    async send({ to, template, language, data }) {
      const rendered = await renderEmail(template, language, data, {
        organization: data.organization ?? null,
        supportEmail,
      });
      await enqueue({ to, template, language, ...rendered });
    },
    enqueue,
    deliverDue,
    deliverSoon,
    async idle() {
      await delivering;
    },
    close() {
      transport?.close();
    },
  };
}
