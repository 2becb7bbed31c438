import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { createMailer, OUTBOX_MAX_ATTEMPTS } from './email.service.ts';
import { emailOutbox } from './email.tables.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const log = pino({ level: 'silent' });

const FROM = 'Cursus <a@b.example>';

/** A mailer whose transport fails the first `failures` sends, then delivers. */
function createFlakyMailer(failures: number) {
  const sent: string[] = [];
  let calls = 0;
  const transport = {
    async sendMail(message: { to: string }) {
      calls++;
      if (calls <= failures) throw new Error('SMTP 421 try again later');
      sent.push(message.to);
      return {};
    },
    close() {},
  } as never;
  return {
    sent,
    mailer: createMailer({ database, from: FROM, log, transport, supportEmail: 'help@b.example' }),
  };
}

async function findOutboxRow(toAddress: string) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, toAddress));
  return row;
}

describe('email outbox', () => {
  it('keeps a message whose send failed and delivers it on a later attempt', async () => {
    const { mailer, sent } = createFlakyMailer(2);
    await mailer.send({
      to: 'late@x.example',
      template: 'confirm-email',
      language: 'fr',
      data: { name: 'Ana', url: 'http://x/y' },
    });
    // The first attempt runs in the background, right after the message is queued.
    await mailer.idle();
    const row = await findOutboxRow('late@x.example');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    // Not due yet: the retry waits for its back-off.
    expect(await mailer.deliverDue(new Date(row!.createdAt.getTime() + 1000))).toBe(0);
    let now = new Date(row!.nextAttemptAt.getTime() + 1);
    expect(await mailer.deliverDue(now)).toBe(1);
    const [second] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });

    now = new Date(second!.nextAttemptAt.getTime() + 1);
    expect(await mailer.deliverDue(now)).toBe(1);
    const [done] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(done).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sent).toEqual(['late@x.example']);
  });

  it('gives up after the last attempt and says so', async () => {
    const { mailer } = createFlakyMailer(1000);
    await mailer.send({
      to: 'never@x.example',
      template: 'reset-password',
      language: 'en',
      data: { name: 'Bo', url: 'http://x/r' },
    });
    await mailer.idle();
    let now = new Date();
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) {
      now = new Date(now.getTime() + 2 * 60 * 60 * 1000);
      await mailer.deliverDue(now);
    }
    const row = await findOutboxRow('never@x.example');
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect(row!.lastError).toMatch(/421/);
  });

  it('writes the message in the recipient’s language, link included', async () => {
    const mailer = createMailer({ database, from: FROM, log, supportEmail: 'help@b.example' });
    await mailer.send({
      to: 'en@x.example',
      template: 'reset-password',
      language: 'en',
      data: { name: 'Bo', url: 'http://x/reset-password?token=t' },
    });
    const row = await findOutboxRow('en@x.example');
    expect(row).toMatchObject({ status: 'logged', subject: 'Cursus – Reset your password' });
    expect(row!.text).toContain('http://x/reset-password?token=t');
  });

  it('forgets the body of a message once SMTP has taken it, and keeps the record', async () => {
    const { mailer } = createFlakyMailer(0);
    await mailer.send({
      to: 'sent@x.example',
      template: 'reset-password',
      language: 'fr',
      data: { name: 'Cy', url: 'http://x/reset-password?token=secret' },
    });
    await mailer.idle();
    const row = await findOutboxRow('sent@x.example');
    expect(row).toMatchObject({ status: 'sent', template: 'reset-password', text: '', html: '' });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.subject).not.toBe('');
  });

  it('only queues the message in the caller, which an SMTP server that never answers does not stall', async () => {
    let answer: () => void = () => {};
    const attempted: string[] = [];
    const transport = {
      sendMail(message: { to: string }) {
        attempted.push(message.to);
        return new Promise<void>((resolve) => {
          answer = resolve;
        });
      },
      close() {},
    } as never;
    const mailer = createMailer({ database, from: FROM, log, transport, supportEmail: 'help@b.example' });
    await mailer.send({
      to: 'slow@x.example',
      template: 'confirm-email',
      language: 'fr',
      data: { name: 'Di', url: 'http://x/c' },
    });
    expect(await findOutboxRow('slow@x.example')).toMatchObject({ status: 'pending', attempts: 0 });

    // Once the server answers, the background batch records the delivery.
    await vi.waitFor(() => expect(attempted).toEqual(['slow@x.example']));
    answer();
    await mailer.idle();
    expect(await findOutboxRow('slow@x.example')).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
