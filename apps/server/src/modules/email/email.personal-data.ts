import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { emailOutbox, emailPreferences } from './email.tables.ts';

/** The kinds of email the person turned off. */
export async function exportEmailPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const preferences = await tx.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  return { records: { emailPreferencesTurnedOff: preferences } };
}

/** Preferences and every message queued or sent to the erased learner's address. */
export async function eraseEmailData(tx: Tx, userId: string, address: string): Promise<void> {
  await tx.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
  await tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, address));
}
