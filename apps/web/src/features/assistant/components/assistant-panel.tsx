import type { AssistantSpace } from '@cursus/contracts';
import { RotateCcw, SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import { canSend, isSendKey, showsQuickPrompts } from '../lib/chat-rules';
import { ChatBubble } from './chat-bubble';

export interface AssistantPanelProps {
  space: AssistantSpace;
  isOpen: boolean;
  isSignedIn: boolean;
  onClose: () => void;
}

/**
 * SPEC 2 AI assistant: a side sheet over the page (focus inside, Escape closes, focus back to the
 * launcher). It stays mounted once opened, closed or not, so the conversation survives closing it.
 */
export function AssistantPanel({ space, isOpen, isSignedIn, onClose }: AssistantPanelProps) {
  const { t } = useTranslation('assistant');
  const { messages, isSending, send, clear } = useAssistantChat({ space, isOpen, isSignedIn });
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const audience = space === 'student_space' ? 'student' : 'organization';

  // The newest message (or piece of one) in view.
  useEffect(() => {
    if (isOpen && messages.length > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [isOpen, messages]);

  if (!isOpen) return null;

  const submit = async (text: string) => {
    if (!canSend({ text, isSignedIn, isSending })) return;
    setDraft('');
    const isSent = await send(text);
    // A failed question comes back to be sent again, unless something new was typed meanwhile.
    if (!isSent) setDraft((current) => current || text);
    inputRef.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }))
      return;
    event.preventDefault();
    void submit(draft);
  };
  const onClear = () => {
    clear();
    setDraft('');
    inputRef.current?.focus();
  };
  const last = messages.at(-1);
  // Before the greeting, and while waiting for the first piece of an answer.
  const isTyping = messages.length === 0 || (isSending && last?.role === 'user');
  const prompts = t(`prompts.${audience}`, { returnObjects: true }) as string[];

  return (
    <Dialog
      title={t(`title.${audience}`)}
      closeLabel={t('close')}
      onClose={onClose}
      placement="side"
      initialFocusRef={inputRef}
      footer={
        <form onSubmit={onSubmit} className="flex w-full flex-col gap-2">
          <label htmlFor={inputId} className="sr-only">
            {t('input.label')}
          </label>
          <Textarea
            ref={inputRef}
            id={inputId}
            rows={2}
            value={draft}
            maxLength={2000}
            placeholder={t('input.placeholder')}
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
            {t('input.hint')}
          </p>
          <div className="flex justify-between gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={onClear}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('clear')}
            </Button>
            <Button type="submit" size="sm" disabled={!canSend({ text: draft, isSignedIn, isSending })}>
              <SendHorizontal aria-hidden="true" className="size-4" />
              {t('send')}
            </Button>
          </div>
        </form>
      }
    >
      <div role="log" aria-label={t('log')} className="flex flex-col gap-3">
        {messages.map((message) => (
          <ChatBubble key={message.id} message={message} space={space} onNavigate={onClose} />
        ))}
        {isTyping && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('typing')}
          </p>
        )}
        <div ref={endRef} />
      </div>
      {showsQuickPrompts(messages) && (
        <ul aria-label={t('prompts.label')} className="flex flex-wrap gap-2">
          {prompts.map((prompt) => (
            <li key={prompt}>
              <Button type="button" variant="secondary" size="sm" onClick={() => void submit(prompt)}>
                {prompt}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
