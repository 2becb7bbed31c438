import { FORUM_SORTS, type ForumSort, type ForumThreadSummary } from '@cursus/contracts';
import { Eye, Heart, MessageSquare, MessagesSquare, Pin } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { cn } from '@/lib/cn';
import { useForumThreads } from '../api/get-forum-threads';
import { useForumTrainers } from '../api/get-forum-trainers';
import { formatForumDate, Participants } from './forum-labels';
import { NewThreadForm } from './new-thread-form';
import { ThreadPane } from './thread-pane';

const PAGE_SIZE = 10;

function ThreadRow({
  thread,
  isOpen,
  onOpen,
}: {
  thread: ForumThreadSummary;
  isOpen: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('forum');
  return (
    <Card as="li" padding="p-4" className={cn('flex flex-col gap-2', isOpen && 'border-primary')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold">
          <button
            type="button"
            aria-current={isOpen || undefined}
            onClick={() => onOpen(thread.id)}
            className={cn('rounded text-left text-foreground hover:underline', FOCUS_RING)}
          >
            {thread.title}
          </button>
        </h3>
        {thread.pinned && (
          <Badge variant="info" icon={<Pin aria-hidden="true" className="size-3" />}>
            {t('list.pinned')}
          </Badge>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {t('list.byline', {
          name: thread.author.fullName,
          date: formatForumDate(thread.lastActivityAt),
        })}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ul className="flex flex-wrap gap-4 text-sm text-muted-foreground">
          <li className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-4" />
            {t('list.replies', { count: thread.replyCount })}
          </li>
          <li className="inline-flex items-center gap-1">
            <Heart aria-hidden="true" className="size-4" />
            {t('list.likes', { count: thread.likeCount })}
          </li>
          <li className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="size-4" />
            {t('list.views', { count: thread.viewCount })}
          </li>
        </ul>
        <Participants people={thread.participants} total={thread.participantCount} />
      </div>
    </Card>
  );
}

/**
 * The organisation's staff discussions: threads (pinned first, sorted, searched, paged) and the
 * open one beside them. `organizationId` is an admin's choice of organisation; none means one's own.
 */
export function ForumDiscussions({
  organizationId,
  openThreadId,
  onOpenThread,
}: {
  organizationId?: string;
  openThreadId: string | null;
  onOpenThread: (threadId: string | null) => void;
}) {
  const { t } = useTranslation('forum');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ForumSort>('activity');
  const [isCreating, setIsCreating] = useState(false);
  const formId = useId();
  const searchId = useId();
  const sortId = useId();
  const threads = useForumThreads({
    organizationId,
    page,
    pageSize: PAGE_SIZE,
    sort,
    search: search || undefined,
  });
  const trainers = useForumTrainers(organizationId);
  const people = trainers.data ?? [];

  return (
    <div className={cn('grid gap-6', openThreadId && 'lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]')}>
      <div className="flex flex-col gap-4">
        <div>
          <Button
            variant={isCreating ? 'secondary' : 'primary'}
            aria-expanded={isCreating}
            aria-controls={isCreating ? formId : undefined}
            onClick={() => setIsCreating(!isCreating)}
          >
            {t('list.newThread')}
          </Button>
        </div>
        {isCreating && (
          <NewThreadForm
            id={formId}
            organizationId={organizationId}
            people={people}
            onCancel={() => setIsCreating(false)}
            onCreated={(detail) => {
              setIsCreating(false);
              onOpenThread(detail.thread.id);
            }}
          />
        )}
        <FilterBar label={t('list.filters')}>
          <FilterField label={t('list.search')} htmlFor={searchId}>
            <Input
              id={searchId}
              type="search"
              value={search}
              maxLength={100}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </FilterField>
          <FilterField label={t('list.sort')} htmlFor={sortId}>
            <Select
              id={sortId}
              value={sort}
              onChange={(event) => {
                setSort(event.target.value as ForumSort);
                setPage(1);
              }}
            >
              {FORUM_SORTS.map((option) => (
                <option key={option} value={option}>
                  {t(`list.sorts.${option}`)}
                </option>
              ))}
            </Select>
          </FilterField>
        </FilterBar>
        {threads.isPending && <SkeletonCards label={t('list.loading')} count={3} bars={['w-1/2', 'w-1/3']} />}
        {threads.isError && (
          <LoadErrorAlert
            error={threads.error}
            title={t('list.error')}
            retryLabel={t('actions.retry')}
            onRetry={() => threads.refetch()}
          />
        )}
        {threads.data?.total === 0 &&
          (search ? (
            <NoMatchState
              title={t('list.noMatchTitle')}
              description={t('list.noMatchDescription')}
              resetLabel={t('list.clearSearch')}
              onReset={() => setSearch('')}
            />
          ) : (
            <EmptyState
              icon={MessagesSquare}
              title={t('list.emptyTitle')}
              description={t('list.emptyDescription')}
            />
          ))}
        {threads.data && threads.data.total > 0 && (
          <PagedList
            query={threads}
            label={t('list.label')}
            summary={
              <p className="text-sm text-muted-foreground">
                {t('list.summary', { count: threads.data.total })}
              </p>
            }
            pagesLabel={t('list.pages')}
            onPageChange={setPage}
          >
            {threads.data.items.map((thread) => (
              <ThreadRow
                key={thread.id}
                thread={thread}
                isOpen={thread.id === openThreadId}
                onOpen={onOpenThread}
              />
            ))}
          </PagedList>
        )}
      </div>
      {openThreadId && (
        <ThreadPane
          key={openThreadId}
          threadId={openThreadId}
          people={people}
          onClose={() => onOpenThread(null)}
        />
      )}
    </div>
  );
}
