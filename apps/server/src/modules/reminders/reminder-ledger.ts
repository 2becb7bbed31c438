import type { UserEmailTemplate } from '@cursus/contracts';
import type { Db } from '../../db/client.ts';
import type { EmailService, UserEmailData } from '../email/email.module.ts';
import { sentReminders } from './reminders.tables.ts';

export interface ReminderKey {
  organizationId: string;
  userId: string;
  kind: UserEmailTemplate;
  /** What the reminder is about: the same reference is never reminded twice. */
  reference: string;
}

/**
 * Claims a reminder in the ledger: true for the one caller that wrote the row, false for every other
 * (already sent, or another instance claiming it at the same moment). The claim comes before the
 * email is queued, so a reminder goes out at most once; the outbox then retries its delivery.
 */
export async function claimReminder(db: Db, key: ReminderKey, at: Date): Promise<boolean> {
  const written = await db
    .insert(sentReminders)
    .values({ ...key, sentAt: at })
    .onConflictDoNothing({ target: [sentReminders.userId, sentReminders.kind, sentReminders.reference] })
    .returning({ id: sentReminders.id });
  return written.length === 1;
}

/** A reminder that is due, with what its email says. */
export interface DueReminder<T extends UserEmailTemplate> {
  key: ReminderKey & { kind: T };
  data: UserEmailData[T];
}

/**
 * Sends each due reminder once: the ledger keeps out those already sent. Issue 15's group-session
 * reminder is one more caller: its due list (sessions starting within 0 to 25 hours, one entry per
 * participant, the session's id as reference) handed to this function.
 */
export async function sendRemindersOnce<T extends UserEmailTemplate>(
  deps: { db: Db; email: Pick<EmailService, 'sendToUser'> },
  due: DueReminder<T>[],
  at: Date,
): Promise<number> {
  let sent = 0;
  for (const { key, data } of due) {
    if (!(await claimReminder(deps.db, key, at))) continue;
    if (await deps.email.sendToUser({ userId: key.userId, template: key.kind, data })) sent++;
  }
  return sent;
}
