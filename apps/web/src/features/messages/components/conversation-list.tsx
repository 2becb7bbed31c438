import type { Conversation } from '@cursus/contracts';
import { MessagesSquare, Paperclip, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Pagination } from '@/components/ui/pagination';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { cn } from '@/lib/cn';
import { useConversations } from '../api/get-conversations';
import { formatMessageTime } from './format-dates';

export const CONVERSATIONS_PAGE_SIZE = 20;

function ConversationItem({
  conversation,
  isSelected,
  onSelect,
}: {
  conversation: Conversation;
  isSelected: boolean;
  onSelect: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('messages');
  const { lastMessage, unreadCount } = conversation;
  const preview = lastMessage
    ? `${lastMessage.isMine ? t('list.you') : ''}${lastMessage.text || t('list.attachmentOnly')}`
    : t('list.noMessage');
  return (
    <li>
      <button
        type="button"
        aria-current={isSelected || undefined}
        onClick={() => onSelect(conversation.id)}
        className={cn(
          'flex w-full flex-col gap-1 rounded-lg px-3 py-2 text-left transition-colors hover:bg-muted',
          FOCUS_RING,
          isSelected && 'bg-muted',
        )}
      >
        <span className="flex items-center gap-2">
          <span
            className={cn(
              'flex-1 truncate text-sm text-foreground',
              unreadCount > 0 ? 'font-semibold' : 'font-medium',
            )}
          >
            {conversation.participant.fullName}
          </span>
          {conversation.lastMessageAt && (
            <span className="shrink-0 text-xs text-muted-foreground">
              {formatMessageTime(conversation.lastMessageAt, i18n.language)}
            </span>
          )}
        </span>
        <span className="flex items-center gap-2">
          <span className="flex flex-1 items-center gap-1 truncate text-xs text-muted-foreground">
            {lastMessage?.hasAttachment && <Paperclip aria-hidden="true" className="size-3 shrink-0" />}
            <span className="truncate">{preview}</span>
          </span>
          {unreadCount > 0 && (
            <Badge variant="info">
              <span aria-hidden="true">{unreadCount}</span>
              <span className="sr-only">{t('list.unread', { count: unreadCount })}</span>
            </Badge>
          )}
        </span>
      </button>
    </li>
  );
}

export interface ConversationListProps {
  selectedId: string | null;
  onSelect: (id: string) => void;
  search: string;
  onSearchChange: (search: string) => void;
  page: number;
  onPageChange: (page: number) => void;
}

/** The reader's conversations, latest first, each with its unread count; searched by the other's name. */
export function ConversationList({
  selectedId,
  onSelect,
  search,
  onSearchChange,
  page,
  onPageChange,
}: ConversationListProps) {
  const { t } = useTranslation('messages');
  const conversations = useConversations({ page, pageSize: CONVERSATIONS_PAGE_SIZE, search });
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={t('list.search')}
          placeholder={t('list.search')}
          className="pl-9"
          value={search}
          maxLength={100}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
      {conversations.isPending ? (
        <SkeletonCards
          label={t('list.loading')}
          count={4}
          bars={['h-4 w-2/3 rounded', 'h-3 w-full rounded']}
          className="flex flex-col gap-2"
        />
      ) : conversations.isError ? (
        <LoadErrorAlert
          error={conversations.error}
          title={t('list.loadError')}
          retryLabel={t('retry')}
          onRetry={() => void conversations.refetch()}
        />
      ) : conversations.data.total === 0 ? (
        search.trim() ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t('list.noMatch')}</p>
        ) : (
          <EmptyState
            icon={MessagesSquare}
            title={t('list.emptyTitle')}
            description={t('list.emptyDescription')}
          />
        )
      ) : (
        <>
          <ul
            aria-label={t('list.label')}
            aria-busy={conversations.isFetching || undefined}
            className={cn(
              'flex flex-col gap-1 overflow-y-auto',
              conversations.isPlaceholderData && 'opacity-70',
            )}
          >
            {conversations.data.items.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                conversation={conversation}
                isSelected={conversation.id === selectedId}
                onSelect={onSelect}
              />
            ))}
          </ul>
          <Pagination
            page={conversations.data.page}
            pageSize={conversations.data.pageSize}
            total={conversations.data.total}
            label={t('list.pages')}
            onPageChange={onPageChange}
          />
        </>
      )}
    </div>
  );
}
