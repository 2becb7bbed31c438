import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { assistantConversations, assistantMessages } from './assistant.tables.ts';

export async function exportAssistantPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const conversations = await tx
    .select()
    .from(assistantConversations)
    .where(eq(assistantConversations.userId, userId));
  const messages = await tx.select().from(assistantMessages).where(eq(assistantMessages.userId, userId));
  return { records: { assistantConversations: conversations, assistantMessages: messages } };
}

/** Conversations go with their messages. */
export async function eraseAssistantConversations(tx: Tx, userId: string): Promise<void> {
  await tx.delete(assistantConversations).where(eq(assistantConversations.userId, userId));
}
