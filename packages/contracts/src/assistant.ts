import { z } from 'zod';
import { OkSchema, type RouteContract, SIGNED_IN_OWN_DATA, text } from './common.ts';

/**
 * SPEC 4 chat-ai-formation: the learners' assistant (`student_space`) and the organisation's, for
 * trainers and admins (`organization_space`). The server decides who may use which (403 otherwise).
 */
export const ASSISTANT_SPACES = ['student_space', 'organization_space'] as const;
export const AssistantSpaceSchema = z.enum(ASSISTANT_SPACES);
export type AssistantSpace = z.infer<typeof AssistantSpaceSchema>;

/** A chat message is a few sentences: long enough for a pasted error, short enough for a model. */
export const ASSISTANT_MESSAGE_MAX = 2000;
/** SPEC 9: the greeting shows 800 ms after the panel opens. */
export const ASSISTANT_GREETING_DELAY_MS = 800;

/** The SSE events of a streamed answer (a model is configured): text pieces, then the final answer. */
export const ASSISTANT_STREAM_EVENTS = { delta: 'delta', done: 'done', error: 'error' } as const;

export const AssistantChatInputSchema = z.object({
  message: text(ASSISTANT_MESSAGE_MAX),
  /** The conversation to go on with; a new one starts without it. Another user's answers 404. */
  conversationId: z.uuid().optional(),
  space: AssistantSpaceSchema,
});
export type AssistantChatInput = z.input<typeof AssistantChatInputSchema>;

/** An in-app page the answer drew on (a formation, a guide, the compliance page). */
export const AssistantSourceSchema = z.object({ title: z.string(), href: z.string() });
export type AssistantSource = z.infer<typeof AssistantSourceSchema>;

/** SPEC 4 response: `message` and `conversationId`, plus the sources as links. */
export const AssistantReplySchema = z.object({
  message: z.string(),
  conversationId: z.uuid(),
  sources: z.array(AssistantSourceSchema),
});
export type AssistantReply = z.infer<typeof AssistantReplySchema>;

/** One piece of a streamed answer's text. */
export const AssistantDeltaSchema = z.object({ text: z.string() });

export const AssistantConversationParamsSchema = z.object({ conversationId: z.uuid() });

export const assistantRoutes = {
  /**
   * One message, one answer. Without a model the answer is JSON; with one (AI_BASE_URL, AI_MODEL)
   * it is a `text/event-stream` of `delta` events ending with a `done` event carrying this same
   * reply, or an `error` event. Rate limited per user (RATE_LIMITED).
   */
  chat: {
    method: 'POST',
    path: '/api/assistant/chat',
    access: SIGNED_IN_OWN_DATA,
    body: AssistantChatInputSchema,
    response: AssistantReplySchema,
  },
  /** Clear: the conversation and its messages are deleted; only its owner may. */
  clear: {
    method: 'DELETE',
    path: '/api/assistant/conversations/:conversationId',
    access: SIGNED_IN_OWN_DATA,
    params: AssistantConversationParamsSchema,
    response: OkSchema,
  },
} as const satisfies Record<string, RouteContract>;
