import { QUESTION_STATUSES, type QuestionStatus, type QuestionWithReplies } from '@cursus/contracts';
import { MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { PagedList } from '@/components/ui/paged-list';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { TabList } from '@/components/ui/tab-list';
import { useTabs } from '@/hooks/use-tabs';
import { useMyQuestion, useMyQuestions } from '../api/get-my-questions';
import { formatDateTime, QuestionStatusBadge } from './question-labels';
import { QuestionMeta, QuestionThread } from './question-thread';

const STATUS_TABS = ['all', ...QUESTION_STATUSES] as const;
type StatusTab = (typeof STATUS_TABS)[number];

function MyQuestionCard({
  question,
  isInitiallyOpen,
}: {
  question: QuestionWithReplies;
  isInitiallyOpen: boolean;
}) {
  const { t } = useTranslation('questions');
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const titleId = useId();
  const panelId = useId();
  return (
    <Card as="li" padding="p-4 sm:p-5" aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="text-base font-semibold break-words text-foreground">
            {question.subject}
          </h3>
          <p className="text-xs text-muted-foreground">
            {t('thread.askedOn', { date: formatDateTime(question.createdAt) })} ·{' '}
            {t('thread.replyCount', { count: question.replyCount })}
          </p>
          <QuestionMeta question={question} />
        </div>
        <QuestionStatusBadge status={question.status} />
      </div>
      <div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen(!isOpen)}
        >
          {isOpen ? t('thread.hideReplies') : t('thread.showReplies')}
        </Button>
      </div>
      {isOpen && (
        <div id={panelId}>
          <QuestionThread question={question} viewer="student" />
        </div>
      )}
    </Card>
  );
}

/**
 * The learner's questions with their replies, searchable and by status. `openQuestionId` (a
 * notification's link) opens that question, shown first if it is not on the page.
 */
export function MyQuestions({ openQuestionId = null }: { openQuestionId?: string | null }) {
  const { t } = useTranslation('questions');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusTab>('all');
  const [search, setSearch] = useState('');
  const searchId = useId();
  const query = {
    page,
    pageSize: 10,
    status: status === 'all' ? undefined : status,
    search: search || undefined,
  };
  const questions = useMyQuestions(query);
  const opened = useMyQuestion(openQuestionId);
  const selectStatus = (tab: StatusTab) => {
    setStatus(tab);
    setPage(1);
  };
  const tabs = useTabs(STATUS_TABS, status, selectStatus);
  const isFiltered = status !== 'all' || search.trim() !== '';
  const resetFilters = () => {
    setSearch('');
    selectStatus('all');
  };
  const isOpenedElsewhere = opened.data && !questions.data?.items.some((item) => item.id === opened.data.id);

  return (
    <div className="flex flex-col gap-4">
      <FilterBar label={t('mine.filters')}>
        <FilterField label={t('mine.search')} htmlFor={searchId}>
          <Input
            id={searchId}
            type="search"
            value={search}
            placeholder={t('mine.searchPlaceholder')}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </FilterField>
      </FilterBar>
      <TabList
        label={t('mine.statusTabs')}
        tabs={STATUS_TABS}
        selected={status}
        tabsState={tabs}
        className="flex-wrap self-start"
        getTabLabel={(tab) => (tab === 'all' ? t('mine.allStatuses') : t(`status.${tab as QuestionStatus}`))}
      />
      <div {...tabs.getPanelProps(status)} className="flex flex-col gap-3">
        {isOpenedElsewhere && (
          <ul className="flex flex-col gap-3">
            <MyQuestionCard question={opened.data} isInitiallyOpen />
          </ul>
        )}
        {questions.isPending && (
          <SkeletonCards label={t('mine.loading')} count={2} bars={['w-1/3', 'w-2/3']} />
        )}
        {questions.isError && (
          <LoadErrorAlert
            error={questions.error}
            title={t('mine.error')}
            retryLabel={t('mine.retry')}
            onRetry={() => questions.refetch()}
          />
        )}
        {questions.data?.total === 0 &&
          (isFiltered ? (
            <NoMatchState
              title={t('mine.noMatchTitle')}
              description={t('mine.noMatchDescription')}
              resetLabel={t('mine.resetFilters')}
              onReset={resetFilters}
            />
          ) : (
            <EmptyState
              icon={MessageSquare}
              title={t('mine.emptyTitle')}
              description={t('mine.emptyDescription')}
            />
          ))}
        {questions.data && questions.data.total > 0 && (
          <PagedList
            query={questions}
            label={t('mine.listLabel')}
            summary={
              <p className="text-sm text-muted-foreground">
                {t('mine.summary', { count: questions.data.total })}
              </p>
            }
            pagesLabel={t('mine.pages')}
            onPageChange={setPage}
          >
            {questions.data.items.map((question) => (
              <MyQuestionCard
                key={question.id}
                question={question}
                isInitiallyOpen={question.id === openQuestionId}
              />
            ))}
          </PagedList>
        )}
      </div>
    </div>
  );
}
