import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { notifications } from './notifications.tables.ts';

export async function exportNotificationsPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const rows = await tx.select().from(notifications).where(eq(notifications.userId, userId));
  return { records: { notifications: rows } };
}

export async function eraseNotifications(tx: Tx, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
