import type { Language } from '@cursus/contracts';
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Db } from '../../db/client.ts';
import { emailOutbox } from './email.tables.ts';
import { type EmailData, type EmailTemplate, renderEmail } from './templates.ts';

export const OUTBOX_MAX_ATTEMPTS = 8;
const OUTBOX_BATCH = 20;

export interface Mailer {
  send(message: { to: string; template: EmailTemplate; language: Language; data: EmailData }): Promise<void>;
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
    .set({ text: '', html: '' })
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
  transport?: Transporter;
}): Mailer {
  const { log, from } = options;
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
      });
      await db
        .update(emailOutbox)
        // Delivered: the body (its links are credentials) is not ours to keep any more.
        .set({ status: 'sent', sentAt: now, attempts: row.attempts + 1, lastError: null, text: '', html: '' })
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

  return {
    // Only queued here: the request that asks for an email (sign-up, reset) answers without waiting
    // for SMTP, so its timing says nothing of whether the account exists, and an SMTP outage does
    // not stall it. `deliverSoon` sends it a moment later, outside the request.
    async send({ to, template, language, data }) {
      const rendered = renderEmail(template, language, data);
      await queue.insert(emailOutbox).values({
        toAddress: to,
        template,
        language,
        ...rendered,
        status: transport ? 'pending' : 'logged',
        // The clock deliverDue compares with, so the message is due at once.
        nextAttemptAt: new Date(),
      });
      if (!transport) {
        // Development without SMTP: the outbox row is the record, the log shows the link.
        log.info({ to, subject: rendered.subject, text: rendered.text }, 'email logged (no SMTP_URL)');
        return;
      }
      deliverSoon();
    },
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
