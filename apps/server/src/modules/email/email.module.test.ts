import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { EMAIL_BODY_RETENTION_MS } from './email.service.ts';
import { emailOutbox } from './email.tables.ts';

const HOUR_MS = 60 * 60 * 1000;
let clock = new Date();
let testApp: TestApp;

beforeAll(async () => {
  // No SMTP_URL: messages are logged, and their rows are what a developer (and lastMailLink) reads.
  testApp = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await testApp.close();
});

async function findOutboxRow(toAddress: string) {
  const [row] = await testApp.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, toAddress));
  return row!;
}

describe('email outbox retention', () => {
  it('blanks the body of a logged message a day after it was written, and keeps the record', async () => {
    await testApp.modules.email.service.send({
      to: 'kept@x.example',
      template: 'confirm-email',
      language: 'fr',
      data: { name: 'Ana', url: 'http://x/api/auth/verify-email?token=secret' },
    });
    const written = await findOutboxRow('kept@x.example');
    expect(written.text).toContain('token=secret');

    // Within the day: the link is still there to read.
    clock = new Date(written.createdAt.getTime() + EMAIL_BODY_RETENTION_MS - HOUR_MS);
    await testApp.scheduler.tick();
    expect((await findOutboxRow('kept@x.example')).text).toContain('token=secret');

    // The hourly job's next run, past the day: the body is gone, the row stays.
    clock = new Date(clock.getTime() + 2 * HOUR_MS);
    await testApp.scheduler.tick();
    const purged = await findOutboxRow('kept@x.example');
    expect(purged).toMatchObject({
      id: written.id,
      toAddress: 'kept@x.example',
      template: 'confirm-email',
      status: 'logged',
      subject: written.subject,
      text: '',
      html: '',
    });
    expect(purged.createdAt).toEqual(written.createdAt);
  });

  it('blanks the headers and the calendar attachment with the body', async () => {
    await testApp.modules.email.service.enqueue({
      to: 'invited@x.example',
      template: 'meeting-invitation',
      language: 'fr',
      subject: 'Invitation',
      text: 'Rendez-vous http://x/unsubscribe?token=a.b',
      html: '<p>Rendez-vous</p>',
      headers: { 'List-Unsubscribe': '<http://x/api/email/unsubscribe?token=a.b>' },
      ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
    });
    const written = await findOutboxRow('invited@x.example');
    expect(written).toMatchObject({
      headers: { 'List-Unsubscribe': expect.any(String) },
      ics: expect.any(String),
    });
    clock = new Date(written.createdAt.getTime() + EMAIL_BODY_RETENTION_MS + 2 * HOUR_MS);
    await testApp.scheduler.tick();
    expect(await findOutboxRow('invited@x.example')).toMatchObject({
      text: '',
      html: '',
      headers: null,
      ics: null,
    });
  });
});
