import { ArrowLeft, MessagesSquare, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { useUnreadMessagesCount } from '../api/get-unread-count';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import type { MessagesSpace } from './messages-space';
import { NewConversationDialog } from './new-conversation-dialog';

export interface MessagesPageProps {
  space: MessagesSpace;
  /** The open conversation (`?conversation=` in the address), or none. */
  conversationId: string | null;
  onOpen: (conversationId: string | null) => void;
}

/**
 * Whether `?conversation=` can name a conversation. A notification's link carries one; an address cut
 * or typed wrong reads as a conversation that does not exist, rather than as the server's answer to
 * a malformed id ('Some fields are invalid').
 */
const isConversationId = (value: string) => z.uuid().safeParse(value).success;

/**
 * Conversations on the left (unread counts), the open one on the right; on small screens the list
 * first, then the thread alone with a way back.
 */
export function MessagesPage({ space, conversationId, onOpen }: MessagesPageProps) {
  const { t } = useTranslation(['messages', 'errors']);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [isPicking, setIsPicking] = useState(false);
  const unread = useUnreadMessagesCount({ isPolling: true });

  return (
    <Card padding="p-0" className="flex h-[calc(100dvh-12rem)] min-h-[28rem] overflow-hidden">
      <aside
        aria-label={t('list.label')}
        className={cn(
          'min-h-0 w-full flex-col gap-3 border-border p-3 md:flex md:w-80 md:shrink-0 md:border-r',
          conversationId ? 'hidden' : 'flex',
        )}
      >
        <Button variant="secondary" className="w-full" onClick={() => setIsPicking(true)}>
          <SquarePen aria-hidden="true" className="size-4" />
          {t('list.new')}
        </Button>
        <p role="status" className="px-1 text-xs text-muted-foreground">
          {unread.data ? t('list.unreadTotal', { count: unread.data }) : ''}
        </p>
        <ConversationList
          selectedId={conversationId}
          onSelect={onOpen}
          search={search}
          onSearchChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          page={page}
          onPageChange={setPage}
        />
      </aside>
      <section
        aria-label={t('thread.region')}
        className={cn('min-h-0 min-w-0 flex-1 flex-col md:flex', conversationId ? 'flex' : 'hidden')}
      >
        {conversationId && !isConversationId(conversationId) ? (
          <div className="flex flex-col items-start gap-3 p-4">
            <Alert variant="error" title={t('thread.loadError')}>
              {t('errors:NOT_FOUND')}
            </Alert>
            <Button variant="secondary" size="sm" onClick={() => onOpen(null)}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t('thread.back')}
            </Button>
          </div>
        ) : conversationId ? (
          <ConversationThread
            key={conversationId}
            conversationId={conversationId}
            onBack={() => onOpen(null)}
          />
        ) : (
          <div className="flex flex-1 items-center justify-center p-6">
            <EmptyState
              icon={MessagesSquare}
              title={t('thread.noneTitle')}
              description={t(`thread.noneDescription.${space}`)}
            />
          </div>
        )}
      </section>
      {isPicking && (
        <NewConversationDialog
          space={space}
          onClose={() => setIsPicking(false)}
          onOpened={(id) => {
            setIsPicking(false);
            onOpen(id);
          }}
        />
      )}
    </Card>
  );
}
