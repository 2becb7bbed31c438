import { z } from 'zod';
import {
  hasNoNul,
  IdParamsSchema,
  NO_NUL,
  OkSchema,
  type RouteAccess,
  type RouteContract,
} from './common.ts';
import { StoredFileSchema } from './files.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/**
 * A message's text: trimmed, at most 5,000 characters (about two pages). A chat line, not a
 * document: longer content goes in an attachment.
 */
export const MESSAGE_BODY_MAX = 5_000;
/** The last message's text shown in the conversation list. */
export const MESSAGE_PREVIEW_LENGTH = 120;
/** Messages per page of a thread (newest last, older ones loaded on demand). */
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE_MAX = 100;
/** How often an open conversation is read again while its page is visible (the live stream also refreshes it). */
export const MESSAGES_REFETCH_INTERVAL_MS = 15_000;

/** Files a message may carry, with the files module's limits and format checks (FILE_LIMITS). */
export const MESSAGE_FILE_PURPOSES = ['document', 'image'] as const;

/**
 * Learners and trainers, each in their own conversations only (admins pass every role guard and
 * take part as staff of their organisation, never reading others' conversations).
 */
const PARTICIPANTS = { roles: ['student', 'trainer'], scope: 'owner' } as const satisfies RouteAccess;

/** The other side of a conversation, as the reader sees them. */
export const ConversationParticipantSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  role: z.enum(['student', 'trainer']),
});
export type ConversationParticipant = z.infer<typeof ConversationParticipantSchema>;

export const MessagePreviewSchema = z.object({
  /** The first MESSAGE_PREVIEW_LENGTH characters; empty for an attachment alone. */
  text: z.string(),
  hasAttachment: z.boolean(),
  isMine: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type MessagePreview = z.infer<typeof MessagePreviewSchema>;

export const ConversationSchema = z.object({
  id: z.uuid(),
  participant: ConversationParticipantSchema,
  lastMessage: MessagePreviewSchema.nullable(),
  /** Messages from the other side the reader has not read yet. */
  unreadCount: z.number().int().min(0),
  lastMessageAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListQuerySchema = PaginationQuerySchema.extend({ search: SearchQuerySchema });
export type ConversationListQuery = z.input<typeof ConversationListQuerySchema>;
export const ConversationListSchema = paginated(ConversationSchema);
export type ConversationList = z.infer<typeof ConversationListSchema>;

export const MessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.string(),
  isMine: z.boolean(),
  body: z.string(),
  file: StoredFileSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type Message = z.infer<typeof MessageSchema>;

/** `before`: the oldest message already shown; the page holds the ones just older, oldest first. */
export const MessageListQuerySchema = z.object({
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE_MAX).default(MESSAGES_PAGE_SIZE),
});
export type MessageListQuery = z.input<typeof MessageListQuerySchema>;
export const MessageListSchema = z.object({
  /** Oldest first, newest last. */
  items: z.array(MessageSchema),
  hasOlder: z.boolean(),
});
export type MessageList = z.infer<typeof MessageListSchema>;

/** Text, an attachment uploaded beforehand (POST .../files), or both; never neither. */
export const SendMessageInputSchema = z
  .object({
    body: z.string().trim().max(MESSAGE_BODY_MAX).refine(hasNoNul, NO_NUL).default(''),
    fileId: z.uuid().nullable().default(null),
  })
  .refine((value) => value.body !== '' || value.fileId !== null, { path: ['body'], message: 'required' });
export type SendMessageInput = z.input<typeof SendMessageInputSchema>;

/** A learner names one of their organisation's trainers; a trainer one of its learners. */
export const StartConversationInputSchema = z.object({
  participantId: z.string().trim().min(1).max(100).refine(hasNoNul, NO_NUL),
});
export type StartConversationInput = z.input<typeof StartConversationInputSchema>;

/** Someone the caller may write to, with their conversation when there is one already. */
export const MessageContactSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  conversationId: z.uuid().nullable(),
});
export type MessageContact = z.infer<typeof MessageContactSchema>;
export const MessageContactListQuerySchema = PaginationQuerySchema.extend({ search: SearchQuerySchema });
export type MessageContactListQuery = z.input<typeof MessageContactListQuerySchema>;
export const MessageContactListSchema = paginated(MessageContactSchema);
export type MessageContactList = z.infer<typeof MessageContactListSchema>;

export const UnreadMessagesCountSchema = z.object({ count: z.number().int().min(0) });

export const UploadMessageFileQuerySchema = z.object({ purpose: z.enum(MESSAGE_FILE_PURPOSES) });

/**
 * One-to-one conversations between a learner and a trainer of the learner's organisation (issue 14
 * point 4). Someone else's conversation, even in the same organisation, answers 404 like an unknown
 * one; so does a participant who is not a trainer (for a learner) or a learner (for a trainer) of
 * the caller's organisation.
 */
export const messageRoutes = {
  /** The caller's conversations, latest activity first; `search` on the other person's name. */
  listConversations: {
    method: 'GET',
    path: '/api/messages/conversations',
    access: PARTICIPANTS,
    query: ConversationListQuerySchema,
    response: ConversationListSchema,
  },
  /** Opens the conversation with that person, or answers the one that exists already. */
  startConversation: {
    method: 'POST',
    path: '/api/messages/conversations',
    access: PARTICIPANTS,
    body: StartConversationInputSchema,
    response: ConversationSchema,
  },
  getConversation: {
    method: 'GET',
    path: '/api/messages/conversations/:id',
    access: PARTICIPANTS,
    params: IdParamsSchema,
    response: ConversationSchema,
  },
  listMessages: {
    method: 'GET',
    path: '/api/messages/conversations/:id/messages',
    access: PARTICIPANTS,
    params: IdParamsSchema,
    query: MessageListQuerySchema,
    response: MessageListSchema,
  },
  /** The other side is notified (message_received), once until they read the conversation. */
  sendMessage: {
    method: 'POST',
    path: '/api/messages/conversations/:id/messages',
    access: PARTICIPANTS,
    params: IdParamsSchema,
    body: SendMessageInputSchema,
    response: MessageSchema,
  },
  /** Everything the other side sent so far is read. */
  markRead: {
    method: 'POST',
    path: '/api/messages/conversations/:id/read',
    access: PARTICIPANTS,
    params: IdParamsSchema,
    response: OkSchema,
  },
  /**
   * `multipart/form-data` with one part named `file`: a PDF or an image under the files module's
   * limits (413 FILE_TOO_LARGE, 415 UNSUPPORTED_FORMAT, 429 RATE_LIMITED). Then named in `sendMessage`
   * within a day; only the two participants may read it.
   */
  uploadFile: {
    method: 'POST',
    path: '/api/messages/conversations/:id/files',
    access: PARTICIPANTS,
    params: IdParamsSchema,
    query: UploadMessageFileQuerySchema,
    response: StoredFileSchema,
  },
  /** Unread messages across the caller's conversations: the sidebar's badge. */
  unreadCount: {
    method: 'GET',
    path: '/api/messages/unread-count',
    access: PARTICIPANTS,
    response: UnreadMessagesCountSchema,
  },
  /** Who the caller may write to: a learner their organisation's trainers, a trainer its learners. */
  listContacts: {
    method: 'GET',
    path: '/api/messages/contacts',
    access: PARTICIPANTS,
    query: MessageContactListQuerySchema,
    response: MessageContactListSchema,
  },
} as const satisfies Record<string, RouteContract>;
