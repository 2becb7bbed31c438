import {
  type Conversation,
  type ConversationListQuery,
  ConversationListQuerySchema,
  fileUrl,
  MESSAGE_PREVIEW_LENGTH,
  type Message,
  type MessageContact,
  type MessageContactListQuery,
  MessageContactListQuerySchema,
  type MessageListQuery,
  MessageListQuerySchema,
  type SendMessageInput,
  SendMessageInputSchema,
  type SessionUser,
  type StartConversationInput,
  StartConversationInputSchema,
  type StoredFile,
} from '@cursus/contracts';
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { type Page, readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { FilesService, StoredFileRow } from '../files/files.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { conversations, messages } from './messages.tables.ts';

type MessageRow = typeof messages.$inferSelect;

/**
 * How long an upload may wait to be sent: the orphan sweep's grace (files module). An older file
 * is not a fresh attachment but someone's course material or another domain's file.
 */
export const ATTACHMENT_SEND_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A learner is the student side of their conversations; trainers (and admins) the other. */
function sideOf(actor: SessionUser): 'student' | 'trainer' {
  return actor.role === 'student' ? 'student' : 'trainer';
}

function organizationOf(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

function toStoredFile(row: StoredFileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    purpose: row.purpose as StoredFile['purpose'],
    url: fileUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Timestamps inside json_build_object arrive as text (PostgreSQL's format), which Date reads. */
function isoOf(value: Date | string | null): string | null {
  if (value === null) return null;
  return new Date(value).toISOString();
}

interface LastMessageJson {
  text: string;
  hasAttachment: boolean;
  senderId: string;
  createdAt: string;
}

/**
 * The columns of a conversation as `me` reads it: the other person, their name, the last message
 * and how many of the other's messages `me` has not read. Subqueries of the same statement, under
 * the same policies (a participant reads the other's profile: same organisation).
 */
function conversationColumns(me: string) {
  const otherId = sql<string>`case when conversations.student_id = ${me} then conversations.trainer_id else conversations.student_id end`;
  const myLastReadAt = sql`case when conversations.student_id = ${me} then conversations.student_last_read_at else conversations.trainer_last_read_at end`;
  return {
    conversation: conversations,
    otherId,
    otherName: sql<string>`coalesce((select p.full_name from profiles p where p.id = ${otherId}), '')`,
    unreadCount: sql<number>`(select count(*) from messages m where m.conversation_id = conversations.id
      and m.sender_id <> ${me} and m.created_at > coalesce(${myLastReadAt}, '-infinity'::timestamptz))`.mapWith(
      Number,
    ),
    lastMessage: sql<LastMessageJson | string | null>`(select json_build_object(
        'text', left(m.body, ${MESSAGE_PREVIEW_LENGTH}::int), 'hasAttachment', m.file_id is not null,
        'senderId', m.sender_id, 'createdAt', m.created_at)
      from messages m where m.conversation_id = conversations.id
      order by m.created_at desc, m.id desc limit 1)`,
  };
}

type ConversationRow = {
  conversation: typeof conversations.$inferSelect;
  otherId: string;
  otherName: string;
  unreadCount: number;
  lastMessage: LastMessageJson | string | null;
};

function toConversation(me: SessionUser, row: ConversationRow): Conversation {
  const { conversation } = row;
  // The pg driver parses json; PGlite may hand it over as text.
  const last: LastMessageJson | null =
    typeof row.lastMessage === 'string' ? JSON.parse(row.lastMessage) : row.lastMessage;
  return {
    id: conversation.id,
    participant: {
      id: row.otherId,
      fullName: row.otherName,
      role: conversation.studentId === me.id ? 'trainer' : 'student',
    },
    lastMessage: last
      ? {
          text: last.text,
          hasAttachment: last.hasAttachment,
          isMine: last.senderId === me.id,
          createdAt: isoOf(last.createdAt)!,
        }
      : null,
    unreadCount: row.unreadCount,
    lastMessageAt: isoOf(conversation.lastMessageAt),
    createdAt: conversation.createdAt.toISOString(),
  };
}

function toMessage(me: SessionUser, row: MessageRow, files: Map<string, StoredFileRow>): Message {
  const file = row.fileId ? files.get(row.fileId) : undefined;
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    isMine: row.senderId === me.id,
    body: row.body,
    file: file ? toStoredFile(file) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createMessagesService(deps: {
  database: Database;
  files: FilesService;
  notifications: NotificationsService;
  organizations: Pick<OrganizationsService, 'listStaffIds' | 'findPeople' | 'pagePeople'>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, files, notifications, organizations, now, log } = deps;

  /** The explicit filter, on top of the policy's: an admin's transaction must not widen it. */
  function isParticipant(me: string): SQL {
    return or(eq(conversations.studentId, me), eq(conversations.trainerId, me))!;
  }

  async function findConversation(tx: Tx, actor: SessionUser, organizationId: string, id: string) {
    const [row] = await tx
      .select(conversationColumns(actor.id))
      .from(conversations)
      .where(
        and(
          eq(conversations.id, id),
          eq(conversations.organizationId, organizationId),
          isParticipant(actor.id),
        ),
      );
    // Someone else's conversation answers like an unknown one.
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function filesOf(tx: Tx, organizationId: string, rows: { fileId: string | null }[]) {
    const ids = [...new Set(rows.flatMap((row) => (row.fileId ? [row.fileId] : [])))];
    const found = await files.findInOrganization(tx, organizationId, ids);
    return new Map(found.map((file) => [file.id, file]));
  }

  /** Raised after the message is saved: a failed notification never loses the message. */
  async function notifyQuietly(work: () => Promise<unknown>, context: object) {
    try {
      await work();
    } catch (error) {
      log.error({ err: error, ...context }, 'message notification failed');
    }
  }

  return {
    async listConversations(actor: SessionUser, input: ConversationListQuery) {
      const organizationId = organizationOf(actor);
      const query = ConversationListQuerySchema.parse(input);
      const columns = conversationColumns(actor.id);
      const where = and(
        eq(conversations.organizationId, organizationId),
        isParticipant(actor.id),
        query.search ? ilike(columns.otherName, containsPattern(query.search)) : undefined,
      );
      return database.withTenant(tenantOf(actor), (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(conversations).where(where),
          tx
            .select(columns)
            .from(conversations)
            .where(where)
            .orderBy(
              desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`),
              desc(conversations.id),
            )
            .$dynamic(),
          (row) => toConversation(actor, row),
        ),
      );
    },

    async getConversation(actor: SessionUser, id: string): Promise<Conversation> {
      const organizationId = organizationOf(actor);
      const row = await database.withTenant(tenantOf(actor), (tx) =>
        findConversation(tx, actor, organizationId, id),
      );
      return toConversation(actor, row);
    },

    /**
     * A learner with one of their organisation's trainers, a trainer with one of its learners; the
     * existing conversation when the pair has one. Anyone else answers NOT_FOUND, like an unknown id.
     */
    async startConversation(actor: SessionUser, input: StartConversationInput): Promise<Conversation> {
      const organizationId = organizationOf(actor);
      const { participantId } = StartConversationInputSchema.parse(input);
      if (participantId === actor.id) throw new AppError('NOT_FOUND');
      const side = sideOf(actor);
      if (side === 'student' && !(await organizations.listStaffIds(organizationId)).includes(participantId))
        throw new AppError('NOT_FOUND');
      const pair =
        side === 'student'
          ? { studentId: actor.id, trainerId: participantId }
          : { studentId: participantId, trainerId: actor.id };
      const row = await database.withTenant(tenantOf(actor), async (tx) => {
        if (side === 'trainer') {
          const [learner] = await organizations.findPeople(tx, {
            ids: [participantId],
            organizationId,
            studentsOnly: true,
          });
          if (!learner) throw new AppError('NOT_FOUND');
        }
        await tx
          .insert(conversations)
          .values({ organizationId, ...pair, createdAt: now() })
          .onConflictDoNothing({ target: [conversations.studentId, conversations.trainerId] });
        const [found] = await tx
          .select(conversationColumns(actor.id))
          .from(conversations)
          .where(
            and(
              eq(conversations.organizationId, organizationId),
              eq(conversations.studentId, pair.studentId),
              eq(conversations.trainerId, pair.trainerId),
            ),
          );
        if (!found) throw new AppError('NOT_FOUND');
        return found;
      });
      return toConversation(actor, row);
    },

    /** One page of the thread, oldest first: the newest ones, or those just older than `before`. */
    async listMessages(actor: SessionUser, id: string, input: MessageListQuery) {
      const organizationId = organizationOf(actor);
      const query = MessageListQuerySchema.parse(input);
      return database.withTenant(tenantOf(actor), async (tx) => {
        await findConversation(tx, actor, organizationId, id);
        const older = query.before
          ? sql`(${messages.createdAt}, ${messages.id}) < (select a.created_at, a.id from messages a
              where a.id = ${query.before} and a.conversation_id = ${id})`
          : undefined;
        const rows = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.conversationId, id), older))
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(query.limit + 1);
        const page = rows.slice(0, query.limit).reverse();
        const found = await filesOf(tx, organizationId, page);
        return {
          items: page.map((row) => toMessage(actor, row, found)),
          hasOlder: rows.length > query.limit,
        };
      });
    },

    /** The file a participant may attach: their own upload of the last day, not attached yet. */
    async findForUpload(actor: SessionUser, id: string) {
      const organizationId = organizationOf(actor);
      const row = await database.withTenant(tenantOf(actor), (tx) =>
        findConversation(tx, actor, organizationId, id),
      );
      return row.conversation;
    },

    /**
     * Saves the message, then tells the other side (message_received), unless they were told
     * already and have not read the conversation since: the bell must not flood during a chat.
     */
    async sendMessage(actor: SessionUser, id: string, input: SendMessageInput): Promise<Message> {
      const organizationId = organizationOf(actor);
      const { body, fileId } = SendMessageInputSchema.parse(input);
      const at = now();
      const { message, recipientId, recipientSide, isNotified } = await database.withTenant(
        tenantOf(actor),
        async (tx) => {
          const { conversation } = await findConversation(tx, actor, organizationId, id);
          const found = await filesOf(tx, organizationId, [{ fileId }]);
          if (fileId) {
            const file = found.get(fileId);
            const [attached] = await tx
              .select({ id: messages.id })
              .from(messages)
              .where(eq(messages.fileId, fileId))
              .limit(1);
            const isFresh = file && at.getTime() - file.createdAt.getTime() <= ATTACHMENT_SEND_WINDOW_MS;
            if (!file || file.uploadedBy !== actor.id || !isFresh || attached)
              throw new AppError('VALIDATION_ERROR', {
                fields: [{ path: 'fileId', message: 'unknown file' }],
              });
          }
          const [saved] = await tx
            .insert(messages)
            .values({ organizationId, conversationId: id, senderId: actor.id, body, fileId, createdAt: at })
            .returning();
          const recipientSide = conversation.studentId === actor.id ? 'trainer' : 'student';
          const notifiedAt =
            recipientSide === 'student' ? conversations.studentNotifiedAt : conversations.trainerNotifiedAt;
          const lastReadAt =
            recipientSide === 'student' ? conversations.studentLastReadAt : conversations.trainerLastReadAt;
          await tx.update(conversations).set({ lastMessageAt: at }).where(eq(conversations.id, id));
          // One statement decides and records the notification, so two messages sent at once
          // cannot both raise one.
          const notified = await tx
            .update(conversations)
            .set(recipientSide === 'student' ? { studentNotifiedAt: at } : { trainerNotifiedAt: at })
            .where(
              and(
                eq(conversations.id, id),
                sql`(${notifiedAt} is null or ${notifiedAt} <= coalesce(${lastReadAt}, '-infinity'::timestamptz))`,
              ),
            )
            .returning({ id: conversations.id });
          return {
            message: toMessage(actor, saved!, found),
            recipientId: recipientSide === 'student' ? conversation.studentId : conversation.trainerId,
            recipientSide,
            isNotified: notified.length > 0,
          };
        },
      );
      if (isNotified)
        await notifyQuietly(
          () =>
            notifications.createNotification(
              { userId: recipientId, organizationId },
              {
                type: 'message_received',
                metadata: { conversationId: id, senderName: actor.fullName },
                actionUrl:
                  recipientSide === 'student'
                    ? `/messages?conversation=${id}`
                    : `/trainer/messages?conversation=${id}`,
                ...(recipientSide === 'trainer' ? { context: 'trainer' } : {}),
              },
            ),
          { conversationId: id },
        );
      return message;
    },

    /** The reader has read everything the other side sent so far. */
    async markRead(actor: SessionUser, id: string) {
      const organizationId = organizationOf(actor);
      const newest = sql`(select max(m.created_at) from messages m where m.conversation_id = conversations.id)`;
      const updated = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .update(conversations)
          .set({
            studentLastReadAt: sql`case when conversations.student_id = ${actor.id}
              then coalesce(${newest}, conversations.student_last_read_at) else conversations.student_last_read_at end`,
            trainerLastReadAt: sql`case when conversations.trainer_id = ${actor.id}
              then coalesce(${newest}, conversations.trainer_last_read_at) else conversations.trainer_last_read_at end`,
          })
          .where(
            and(
              eq(conversations.id, id),
              eq(conversations.organizationId, organizationId),
              isParticipant(actor.id),
            ),
          )
          .returning({ id: conversations.id }),
      );
      if (updated.length === 0) throw new AppError('NOT_FOUND');
      // The bell's announcement of this conversation is read too: its messages have been seen.
      await notifyQuietly(
        () => notifications.markReadAbout(tenantOf(actor), 'message_received', { conversationId: id }),
        { conversationId: id },
      );
    },

    /** Unread messages across the reader's conversations (the navigation badge). */
    async countUnread(actor: SessionUser): Promise<number> {
      const organizationId = organizationOf(actor);
      const [row] = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .select({ total: count() })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(
            and(
              eq(conversations.organizationId, organizationId),
              ne(messages.senderId, actor.id),
              or(
                and(
                  eq(conversations.studentId, actor.id),
                  sql`${messages.createdAt} > coalesce(${conversations.studentLastReadAt}, '-infinity'::timestamptz)`,
                ),
                and(
                  eq(conversations.trainerId, actor.id),
                  sql`${messages.createdAt} > coalesce(${conversations.trainerLastReadAt}, '-infinity'::timestamptz)`,
                ),
              ),
            ),
          ),
      );
      return row?.total ?? 0;
    },

    /**
     * Who the caller may write to, by name: a learner their organisation's trainers, a trainer its
     * learners; with the conversation when there is one.
     */
    async listContacts(actor: SessionUser, input: MessageContactListQuery): Promise<Page<MessageContact>> {
      const organizationId = organizationOf(actor);
      const query = MessageContactListQuerySchema.parse(input);
      const side = sideOf(actor);
      const staffIds =
        side === 'student'
          ? (await organizations.listStaffIds(organizationId)).filter((userId) => userId !== actor.id)
          : [];
      if (side === 'student' && staffIds.length === 0)
        return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      return database.withTenant(tenantOf(actor), async (tx) => {
        const people = await organizations.pagePeople(
          tx,
          side === 'student'
            ? { ids: staffIds, organizationId, search: query.search }
            : { organizationId, studentsOnly: true, search: query.search },
          query,
        );
        const ids = people.items.map((person) => person.id);
        const existing =
          ids.length === 0
            ? []
            : await tx
                .select({
                  id: conversations.id,
                  studentId: conversations.studentId,
                  trainerId: conversations.trainerId,
                })
                .from(conversations)
                .where(
                  and(
                    eq(conversations.organizationId, organizationId),
                    side === 'student'
                      ? and(eq(conversations.studentId, actor.id), inArray(conversations.trainerId, ids))
                      : and(eq(conversations.trainerId, actor.id), inArray(conversations.studentId, ids)),
                  ),
                );
        const byPerson = new Map(
          existing.map((row) => [side === 'student' ? row.trainerId : row.studentId, row.id]),
        );
        return {
          ...people,
          items: people.items.map((person) => ({
            id: person.id,
            fullName: person.fullName,
            conversationId: byPerson.get(person.id) ?? null,
          })),
        };
      });
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
