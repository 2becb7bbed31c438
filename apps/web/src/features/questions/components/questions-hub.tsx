import {
  QUESTION_HUB_TABS,
  QUESTION_STATUSES,
  type QuestionHubTab,
  type QuestionStatus,
  type QuestionWithReplies,
  type StudentQuestion,
} from '@cursus/contracts';
import { MessagesSquare } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { Spinner } from '@/components/ui/spinner';
import { TabList } from '@/components/ui/tab-list';
import { useTabs } from '@/hooks/use-tabs';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  useQuestionTrainers,
  useTrainerQuestion,
  useTrainerQuestions,
  useUpdateQuestion,
} from '../api/trainer-questions';
import { formatDateTime, QuestionStatusBadge } from './question-labels';
import { QuestionMeta, QuestionThread } from './question-thread';

/** Status and trainer in charge; the trainers offered are the question's organisation's only. */
function QuestionSettingsForm({
  question,
  organizationId,
}: {
  question: QuestionWithReplies;
  organizationId?: string;
}) {
  const { t } = useTranslation('questions');
  const trainers = useQuestionTrainers(organizationId);
  const update = useUpdateQuestion();
  const [status, setStatus] = useState<QuestionStatus>(question.status);
  const [trainerId, setTrainerId] = useState(question.trainerId ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: question.id, body: { status, trainerId: trainerId || null } },
      { onSuccess: () => notify.success(t('toasts.updated')) },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      {update.isError && (
        <div className="sm:col-span-3">
          <Alert variant="error">{getErrorMessage(update.error)}</Alert>
        </div>
      )}
      <Field label={t('hub.status')}>
        {(control) => (
          <Select
            {...control}
            value={status}
            onChange={(event) => setStatus(event.target.value as QuestionStatus)}
          >
            {QUESTION_STATUSES.map((option) => (
              <option key={option} value={option}>
                {t(`status.${option}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('hub.assignee')}>
        {(control) => (
          <Select {...control} value={trainerId} onChange={(event) => setTrainerId(event.target.value)}>
            <option value="">{t('hub.nobody')}</option>
            {(trainers.data?.items ?? []).map((trainer) => (
              <option key={trainer.id} value={trainer.id}>
                {trainer.fullName}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" isLoading={update.isPending}>
        {t('hub.save')}
      </Button>
    </form>
  );
}

/** SPEC 2 detail pane: the question, its replies, the reply form, status and assignment. */
function QuestionDetail({
  questionId,
  organizationId,
  onClose,
}: {
  questionId: string;
  organizationId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('questions');
  const question = useTrainerQuestion(questionId);
  if (question.isPending) return <Spinner label={t('hub.detailLoading')} />;
  if (question.isError)
    return (
      <LoadErrorAlert
        error={question.error}
        title={t('hub.detailError')}
        retryLabel={t('hub.retry')}
        onRetry={() => question.refetch()}
      />
    );
  const { data } = question;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-base font-semibold break-words text-foreground">{data.subject}</h3>
          <p className="text-xs text-muted-foreground">
            {t('hub.by', { name: data.studentName })} · {formatDateTime(data.createdAt)}
          </p>
          <QuestionMeta question={data} />
        </div>
        <div className="flex items-center gap-2">
          <QuestionStatusBadge status={data.status} />
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('hub.closeDetail')}
          </Button>
        </div>
      </div>
      {/* Keyed by what the server last said, so the form starts from the saved values. */}
      <QuestionSettingsForm
        key={`${data.status}-${data.trainerId ?? ''}`}
        question={data}
        organizationId={organizationId}
      />
      <QuestionThread question={data} viewer="staff" />
    </div>
  );
}

function QuestionRow({
  question,
  isSelected,
  onOpen,
}: {
  question: StudentQuestion;
  isSelected: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('questions');
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={isSelected || undefined}
        className={cn(
          'flex w-full flex-col gap-1 rounded-lg border p-3 text-left transition-colors hover:bg-muted',
          isSelected ? 'border-primary bg-muted' : 'border-border bg-card',
          FOCUS_RING,
        )}
      >
        <span className="flex w-full flex-wrap items-start justify-between gap-2">
          <span className="min-w-0 font-medium break-words text-foreground">{question.subject}</span>
          <QuestionStatusBadge status={question.status} />
        </span>
        <span className="text-xs text-muted-foreground">
          {t('hub.by', { name: question.studentName })} · {formatDateTime(question.createdAt)} ·{' '}
          {t('thread.replyCount', { count: question.replyCount })}
        </span>
        <span className="text-xs text-muted-foreground">
          {question.trainerName
            ? t('thread.assignedTo', { name: question.trainerName })
            : t('thread.unassigned')}
        </span>
      </button>
    </li>
  );
}

export interface QuestionsHubProps {
  /** An admin's view of one organisation's hub; a trainer's own organisation by default. */
  organizationId?: string;
  /**
   * Tab 'all' is everything for an admin, but a trainer's own queue (SPEC 4: the questions assigned
   * to them and the unassigned pending ones), while the other tabs cover the whole organisation: the
   * trainer's reads "For me", lest it count fewer than "Pending".
   */
  isAdmin: boolean;
}

/**
 * The trainers' hub (SPEC 2): search, tabs all, pending, answered, assigned, my assigned, and a
 * detail pane. `?question=<id>` (a notification's link) opens that question.
 */
export function QuestionsHub({ organizationId, isAdmin }: QuestionsHubProps) {
  const { t } = useTranslation('questions');
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('question');
  const [tab, setTab] = useState<QuestionHubTab>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const detailTitleId = useId();
  const questions = useTrainerQuestions({
    tab,
    page,
    pageSize: 20,
    search: search || undefined,
    organizationId,
  });
  const selectTab = (next: QuestionHubTab) => {
    setTab(next);
    setPage(1);
  };
  const tabs = useTabs(QUESTION_HUB_TABS, tab, selectTab);
  const select = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('question', id);
        else next.delete('question');
        return next;
      },
      { replace: true },
    );
  const counts = questions.data?.counts;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex min-w-0 flex-col gap-4">
        <FilterBar label={t('hub.filters')} singleColumn>
          <FilterField label={t('hub.search')} htmlFor={searchId}>
            <Input
              id={searchId}
              type="search"
              value={search}
              placeholder={t('hub.searchPlaceholder')}
              maxLength={100}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </FilterField>
        </FilterBar>
        <TabList
          label={t('hub.tabsLabel')}
          tabs={QUESTION_HUB_TABS}
          selected={tab}
          tabsState={tabs}
          className="flex-wrap self-start"
          tabClassName="px-3"
          getTabLabel={(option) => {
            const label = option === 'all' && !isAdmin ? t('hub.tabs.forMe') : t(`hub.tabs.${option}`);
            return counts ? t('hub.tabWithCount', { label, count: counts[option] }) : label;
          }}
        />
        <div {...tabs.getPanelProps(tab)} className="flex flex-col gap-3">
          {tab === 'all' && !isAdmin && <p className="text-sm text-muted-foreground">{t('hub.forMeHint')}</p>}
          {questions.isPending && (
            <SkeletonCards label={t('hub.loading')} count={3} bars={['w-2/3', 'w-1/3']} />
          )}
          {questions.isError && (
            <LoadErrorAlert
              error={questions.error}
              title={t('hub.error')}
              retryLabel={t('hub.retry')}
              onRetry={() => questions.refetch()}
            />
          )}
          {questions.data?.total === 0 &&
            (search.trim() ? (
              <NoMatchState
                title={t('hub.noMatchTitle')}
                description={t('hub.noMatchDescription')}
                resetLabel={t('hub.resetSearch')}
                onReset={() => setSearch('')}
              />
            ) : (
              <EmptyState
                icon={MessagesSquare}
                title={t('hub.emptyTitle')}
                description={t('hub.emptyDescription')}
              />
            ))}
          {questions.data && questions.data.total > 0 && (
            <PagedList
              query={questions}
              label={t('hub.listLabel')}
              summary={null}
              pagesLabel={t('hub.pages')}
              onPageChange={setPage}
            >
              {questions.data.items.map((question) => (
                <QuestionRow
                  key={question.id}
                  question={question}
                  isSelected={question.id === selectedId}
                  onOpen={() => select(question.id)}
                />
              ))}
            </PagedList>
          )}
        </div>
      </div>
      <Card as="section" aria-labelledby={detailTitleId} className="flex min-w-0 flex-col gap-4 self-start">
        <CardTitle id={detailTitleId}>{t('hub.detailTitle')}</CardTitle>
        {selectedId ? (
          <QuestionDetail
            key={selectedId}
            questionId={selectedId}
            organizationId={organizationId}
            onClose={() => select(null)}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t('hub.selectPrompt')}</p>
        )}
      </Card>
    </div>
  );
}
