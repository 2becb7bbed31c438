import type { AssistantSource, AssistantSpace, Role } from '@cursus/contracts';

/** SPEC 3 chat message; an assistant's answer carries its sources. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: number;
  sources?: AssistantSource[];
}

/** The greeting's id: the message the panel shows 800 ms after opening on an empty conversation. */
export const GREETING_ID = 'greeting';

/** SPEC 5: non-empty trimmed text, a signed-in user and no request in progress. */
export function canSend(input: { text: string; isSignedIn: boolean; isSending: boolean }): boolean {
  return input.text.trim().length > 0 && input.isSignedIn && !input.isSending;
}

/** SPEC 5: Enter sends, Shift+Enter breaks the line; a key that ends an IME composition does neither. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** SPEC 5: the quick prompts show only while the greeting is the only message. */
export function showsQuickPrompts(messages: readonly Pick<ChatMessage, 'id'>[]): boolean {
  return messages.length === 1 && messages[0]?.id === GREETING_ID;
}

const ORGANIZATION_PATHS = ['/trainer', '/admin', '/create-formation'];

/**
 * SPEC 2: the organisation's assistant on paths under /trainer, /admin and /create-formation, the
 * learners' everywhere else; each only for the people its space is for (the server checks it too),
 * so a trainer on a shared page (their profile, assigning a learner) sees none.
 */
export function getAssistantSpace(pathname: string, role: Role): AssistantSpace | null {
  const isOrganizationPath = ORGANIZATION_PATHS.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
  if (isOrganizationPath) return role === 'student' ? null : 'organization_space';
  return role === 'student' ? 'student_space' : null;
}
