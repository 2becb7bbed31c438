import { eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { conversations, messages } from './messages.tables.ts';

/** The person's conversations and every message in them, with the attachments. */
export async function exportMessagesPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const threads = await tx
    .select()
    .from(conversations)
    .where(or(eq(conversations.studentId, userId), eq(conversations.trainerId, userId)));
  const rows =
    threads.length === 0
      ? []
      : await tx
          .select()
          .from(messages)
          .where(
            inArray(
              messages.conversationId,
              threads.map((thread) => thread.id),
            ),
          );
  return {
    records: { conversations: threads, messages: rows },
    storedFiles: rows.flatMap((row) => (row.fileId ? [{ id: row.fileId, folder: 'messages' }] : [])),
  };
}

/** An erased learner's conversations go, messages included (their trainer's replies are about them). */
export async function eraseConversations(tx: Tx, userId: string): Promise<void> {
  await tx.delete(conversations).where(eq(conversations.studentId, userId));
}
