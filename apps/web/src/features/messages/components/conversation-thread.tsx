import type { Message } from '@cursus/contracts';
import { ArrowLeft, FileText, MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { useConversation } from '../api/get-conversation';
import { useMessages } from '../api/get-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useSendMessage } from '../api/send-message';
import { formatFileSize, formatMessageTime } from './format-dates';
import { MessageComposer } from './message-composer';

function MessageBubble({ message }: { message: Message }) {
  const { t, i18n } = useTranslation('messages');
  return (
    <li className={cn('flex flex-col gap-1', message.isMine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'flex max-w-[85%] flex-col gap-2 rounded-2xl px-3 py-2 text-sm',
          message.isMine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        {message.isMine && <span className="sr-only">{t('thread.fromMe')}</span>}
        {message.body && <p className="whitespace-pre-wrap break-words">{message.body}</p>}
        {message.file && (
          <a
            href={message.file.url}
            target="_blank"
            rel="noopener"
            className={cn(
              'flex items-center gap-2 rounded-md border px-2 py-1 underline-offset-2 hover:underline',
              message.isMine ? 'border-primary-foreground/40' : 'border-border bg-card',
              FOCUS_RING,
            )}
          >
            <FileText aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{message.file.name}</span>
            <span className="shrink-0 text-xs opacity-80">
              {formatFileSize(message.file.sizeBytes, i18n.language)}
            </span>
          </a>
        )}
      </div>
      <time dateTime={message.createdAt} className="px-1 text-xs text-muted-foreground">
        {formatMessageTime(message.createdAt, i18n.language)}
      </time>
    </li>
  );
}

export interface ConversationThreadProps {
  conversationId: string;
  /** Back to the list (small screens show one pane at a time). */
  onBack: () => void;
}

/** One conversation: its messages newest last, older ones on demand, and the composer. */
export function ConversationThread({ conversationId, onBack }: ConversationThreadProps) {
  const { t } = useTranslation('messages');
  const conversation = useConversation(conversationId);
  const thread = useMessages(conversationId);
  const send = useSendMessage();
  const { mutate: markRead } = useMarkConversationRead();
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const pages = thread.data?.pages ?? [];
  // Pages come newest first; each page is oldest first.
  const messages = [...pages].reverse().flatMap((page) => page.items);
  const newestId = messages.at(-1)?.id;
  const isNewestMine = messages.at(-1)?.isMine ?? true;

  // A new newest message (sent or received) scrolls into view and, from the other side, is read.
  useEffect(() => {
    if (!newestId) return;
    endRef.current?.scrollIntoView?.({ block: 'end' });
    if (!isNewestMine) markRead(conversationId);
  }, [newestId, isNewestMine, conversationId, markRead]);

  if (conversation.isError)
    return (
      <div className="p-4">
        <LoadErrorAlert
          error={conversation.error}
          title={t('thread.loadError')}
          retryLabel={t('retry')}
          onRetry={() => void conversation.refetch()}
        />
      </div>
    );

  const participant = conversation.data?.participant;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-border p-3">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={t('thread.back')}
          onClick={onBack}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
        </Button>
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-foreground">
            {participant?.fullName ?? t('thread.region')}
          </h2>
          {participant && (
            <p className="text-xs text-muted-foreground">{t(`thread.role.${participant.role}`)}</p>
          )}
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {thread.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner label={t('thread.loading')} />
          </div>
        ) : thread.isError ? (
          <LoadErrorAlert
            error={thread.error}
            title={t('thread.loadError')}
            retryLabel={t('retry')}
            onRetry={() => void thread.refetch()}
          />
        ) : messages.length === 0 ? (
          <EmptyState
            icon={MessageCircle}
            title={t('thread.emptyTitle')}
            description={t('thread.emptyDescription')}
          />
        ) : (
          <>
            {thread.hasNextPage && (
              <div className="mb-3 flex justify-center">
                <Button
                  variant="secondary"
                  size="sm"
                  isLoading={thread.isFetchingNextPage}
                  onClick={() => void thread.fetchNextPage()}
                >
                  {t('thread.loadOlder')}
                </Button>
              </div>
            )}
            <ol
              aria-label={t('thread.label', { name: participant?.fullName ?? '' })}
              className="flex flex-col gap-3"
            >
              {messages.map((message) => (
                <MessageBubble key={message.id} message={message} />
              ))}
            </ol>
            <div ref={endRef} />
          </>
        )}
      </div>
      <MessageComposer
        isSending={send.isPending}
        uploadProgress={uploadProgress}
        error={send.isError ? getErrorMessage(send.error) : undefined}
        onSend={({ body, file }) =>
          send
            .mutateAsync({ conversationId, body, file, onProgress: file ? setUploadProgress : undefined })
            .finally(() => setUploadProgress(null))
        }
      />
    </div>
  );
}
