import { ASSISTANT_GREETING_DELAY_MS, type AssistantSpace } from '@cursus/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { clearConversation } from '../api/clear-conversation';
import { sendChatMessage } from '../api/send-chat-message';
import { type ChatMessage, canSend, GREETING_ID } from '../lib/chat-rules';

let nextId = 0;
const newId = (prefix: string) => `${prefix}-${++nextId}`;

/**
 * SPEC 4 chat states: closed, open (the greeting 800 ms later), sending, reply. The conversation
 * outlives closing the panel; clear starts a new one (and the server forgets the old).
 */
export function useAssistantChat(input: { space: AssistantSpace; isOpen: boolean; isSignedIn: boolean }) {
  const { space, isOpen, isSignedIn } = input;
  const { t } = useTranslation('assistant');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [isSending, setIsSending] = useState(false);
  const conversationId = useRef<string | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!isOpen || messages.length > 0) return;
    const timer = setTimeout(() => {
      setMessages([
        {
          id: GREETING_ID,
          role: 'assistant',
          content: t(space === 'student_space' ? 'greeting.student' : 'greeting.organization'),
          timestamp: Date.now(),
        },
      ]);
    }, ASSISTANT_GREETING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isOpen, messages.length, space, t]);

  // Leaving the page's space (or the page) stops an answer nobody will read.
  useEffect(() => () => inFlight.current?.abort(), []);

  /** Sends `text`; false when it was not sent or failed (the composer then keeps the text). */
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      if (!canSend({ text, isSignedIn, isSending })) return false;
      const message = text.trim();
      const question: ChatMessage = {
        id: newId('user'),
        role: 'user',
        content: message,
        timestamp: Date.now(),
      };
      const answerId = newId('assistant');
      setMessages((current) => [...current, question]);
      setIsSending(true);
      const controller = new AbortController();
      inFlight.current = controller;
      const update = (change: (answer: ChatMessage) => ChatMessage) =>
        setMessages((current) => {
          const existing = current.find((item) => item.id === answerId);
          if (existing) return current.map((item) => (item.id === answerId ? change(item) : item));
          return [
            ...current,
            change({ id: answerId, role: 'assistant', content: '', timestamp: Date.now() }),
          ];
        });
      try {
        const reply = await sendChatMessage(
          { message, space, conversationId: conversationId.current },
          (piece) => update((answer) => ({ ...answer, content: answer.content + piece })),
          controller.signal,
        );
        conversationId.current = reply.conversationId;
        update((answer) => ({ ...answer, content: reply.message, sources: reply.sources }));
        return true;
      } catch (error) {
        if (controller.signal.aborted) return false;
        // The question goes back into the composer; nothing half-answered stays on screen.
        setMessages((current) => current.filter((item) => item.id !== answerId && item.id !== question.id));
        // A conversation the server no longer has (cleared in another tab) is not retried forever.
        if (isApiError(error, 'NOT_FOUND')) conversationId.current = undefined;
        notify.errorWithRetry(
          t('error.title'),
          isApiError(error, 'RATE_LIMITED') ? getErrorMessage(error) : t('error.send'),
        );
        return false;
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
        setIsSending(false);
      }
    },
    [isSignedIn, isSending, space, t],
  );

  const clear = useCallback(() => {
    inFlight.current?.abort();
    const previous = conversationId.current;
    conversationId.current = undefined;
    setMessages([]);
    setIsSending(false);
    // Forgetting it on the server is best effort: the screen is already clear.
    if (previous) void clearConversation(previous).catch(() => undefined);
  }, []);

  return { messages, isSending, send, clear };
}
