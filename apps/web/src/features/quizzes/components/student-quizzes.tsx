import {
  DEFAULT_PAGE_SIZE,
  STUDENT_QUIZ_STATUSES,
  type StudentQuiz,
  type StudentQuizStatus,
} from '@cursus/contracts';
import { ArrowLeft, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { Spinner } from '@/components/ui/spinner';
import { TabList } from '@/components/ui/tab-list';
import { paths } from '@/config/paths';
import { useTabs } from '@/hooks/use-tabs';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { useMyQuiz, useMyQuizzes, useStartAttempt } from '../api/learner-quizzes';
import { formatDateTime } from '../lib/format';
import { sessionOfSearch } from '../lib/session-quizzes';
import { QUIZ_STATUS_VARIANTS } from './formation-quizzes';
import { TakeAttempt } from './take-attempt';

const EMPTY_KEYS = {
  todo: 'learner.list.emptyTodo',
  overdue: 'learner.list.emptyOverdue',
  done: 'learner.list.emptyDone',
} as const;

function QuizRules({ quiz }: { quiz: StudentQuiz }) {
  const { t } = useTranslation('quizzes');
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
      {quiz.courseTitle && (
        <span>{quiz.moduleTitle ? `${quiz.courseTitle} · ${quiz.moduleTitle}` : quiz.courseTitle}</span>
      )}
      {quiz.groupSessionTitle && (
        <span>{t('learner.session.attached', { title: quiz.groupSessionTitle })}</span>
      )}
      <span>{t('common.passingScore', { score: quiz.passingScore })}</span>
      <span>
        {quiz.timeLimitMinutes
          ? t('common.timeLimit', { count: quiz.timeLimitMinutes })
          : t('common.noTimeLimit')}
      </span>
      <span>
        {quiz.maxAttempts ? t('common.attempts', { count: quiz.maxAttempts }) : t('common.unlimitedAttempts')}
      </span>
      {quiz.dueAt && <span>{t('common.due', { date: formatDateTime(quiz.dueAt) })}</span>}
    </p>
  );
}

/** The heading of a list narrowed to one group session: its title and the way back to it. */
function SessionHeading({ sessionId, title }: { sessionId: string; title: string | null }) {
  const { t } = useTranslation('quizzes');
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-card p-4">
      <h2 className="text-base font-semibold text-foreground">
        {title ? t('learner.session.heading', { title }) : t('learner.session.headingLoading')}
      </h2>
      <Link
        to={paths.student.liveGroupSession.getHref(sessionId)}
        className={buttonClassName('secondary', 'sm')}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('learner.session.back')}
      </Link>
    </div>
  );
}

function QuizList({ onOpen, sessionId }: { onOpen: (quizId: string) => void; sessionId: string | null }) {
  const { t } = useTranslation('quizzes');
  const { t: tCommon } = useTranslation('common');
  const [status, setStatus] = useState<StudentQuizStatus>('todo');
  const [page, setPage] = useState(1);
  const quizzes = useMyQuizzes({
    status,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    ...(sessionId ? { sessionId } : {}),
  });
  const tabs = useTabs(STUDENT_QUIZ_STATUSES, status, (next) => {
    setStatus(next);
    setPage(1);
  });
  if (sessionId && quizzes.isError && isApiError(quizzes.error, 'NOT_FOUND'))
    return (
      <EmptyState
        icon={ListChecks}
        title={t('learner.session.notFound')}
        description={t('learner.session.notFoundDescription')}
      />
    );
  const counts = quizzes.data?.counts;
  return (
    <div className="flex flex-col gap-4">
      {sessionId && <SessionHeading sessionId={sessionId} title={quizzes.data?.session?.title ?? null} />}
      <TabList
        label={t('learner.tabs.label')}
        tabs={STUDENT_QUIZ_STATUSES}
        selected={status}
        tabsState={tabs}
        className="flex-wrap"
        getTabLabel={(tab) => t(`learner.tabs.${tab}`, { count: counts?.[tab] ?? 0 })}
      />
      <div {...tabs.getPanelProps(status)}>
        {quizzes.isPending && (
          <SkeletonCards
            label={tCommon('loading')}
            count={3}
            className="flex flex-col gap-3"
            bars={['h-5 w-1/3 rounded', 'h-4 w-2/3 rounded']}
          />
        )}
        {quizzes.isError && (
          <LoadErrorAlert
            error={quizzes.error}
            title={t('common.loadError')}
            retryLabel={t('common.retry')}
            onRetry={() => quizzes.refetch()}
          />
        )}
        {quizzes.isSuccess && quizzes.data.total === 0 && (
          <EmptyState
            icon={ListChecks}
            title={t(EMPTY_KEYS[status])}
            description={
              sessionId ? t('learner.session.emptyDescription') : t('learner.list.emptyDescription')
            }
          />
        )}
        {quizzes.isSuccess && quizzes.data.total > 0 && (
          <PagedList
            query={{ ...quizzes, data: quizzes.data }}
            label={t('learner.list.label')}
            pagesLabel={t('learner.list.pages')}
            summary={null}
            onPageChange={setPage}
          >
            {quizzes.data.items.map((quiz) => (
              <li key={quiz.id} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-base font-semibold text-foreground">{quiz.title}</h2>
                  <Badge variant={QUIZ_STATUS_VARIANTS[quiz.status]}>
                    {t(`learner.status.${quiz.status}`)}
                  </Badge>
                  {quiz.hasPassed && <Badge variant="success">{t('learner.passedBadge')}</Badge>}
                  {quiz.inProgressAttemptId && <Badge variant="warning">{t('learner.inProgress')}</Badge>}
                </div>
                <QuizRules quiz={quiz} />
                {quiz.bestScorePercent !== null && (
                  <p className="text-sm text-foreground">
                    {t('learner.best', { score: quiz.bestScorePercent })}
                  </p>
                )}
                <Button size="sm" className="self-start" onClick={() => onOpen(quiz.id)}>
                  {quiz.inProgressAttemptId ? t('learner.detail.resume') : t('learner.list.openShort')}
                  <span className="sr-only">{t('ofItem', { name: quiz.title })}</span>
                </Button>
              </li>
            ))}
          </PagedList>
        )}
      </div>
    </div>
  );
}

function QuizPage({
  quizId,
  onAttempt,
  onBack,
}: {
  quizId: string;
  onAttempt: (attemptId: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('quizzes');
  const { t: tCommon } = useTranslation('common');
  const quiz = useMyQuiz(quizId);
  const start = useStartAttempt();
  if (quiz.isPending) return <Spinner label={tCommon('loading')} />;
  if (quiz.isError)
    return isApiError(quiz.error, 'QUIZ_NOT_FOUND') ? (
      <EmptyState
        icon={ListChecks}
        title={t('learner.detail.notFound')}
        description={t('learner.detail.notFoundDescription')}
        action={
          <Button variant="secondary" onClick={onBack}>
            {t('common.back')}
          </Button>
        }
      />
    ) : (
      <LoadErrorAlert error={quiz.error} retryLabel={t('common.retry')} onRetry={() => quiz.refetch()} />
    );
  const detail = quiz.data;
  const label = detail.inProgressAttemptId
    ? t('learner.detail.resume')
    : detail.attemptCount > 0
      ? t('learner.detail.retake')
      : t('learner.detail.start');
  return (
    <div className="flex flex-col gap-4">
      <Button variant="link" className="self-start" onClick={onBack}>
        {t('common.back')}
      </Button>
      <Card as="section" aria-labelledby="quiz-detail-title">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="quiz-detail-title">{detail.title}</CardTitle>
          <Badge variant={QUIZ_STATUS_VARIANTS[detail.status]}>{t(`learner.status.${detail.status}`)}</Badge>
        </div>
        {detail.description && <p className="mt-2 text-sm text-foreground">{detail.description}</p>}
        <div className="mt-2 flex flex-col gap-1">
          <QuizRules quiz={detail} />
          <p className="text-sm text-muted-foreground">
            {t('common.questions', { count: detail.questionCount })}
          </p>
          {detail.timeLimitMinutes && (
            <p className="text-sm text-muted-foreground">{t('learner.detail.timeNotice')}</p>
          )}
        </div>
        {start.isError && (
          <div className="mt-3">
            <Alert variant="error">{getErrorMessage(start.error)}</Alert>
          </div>
        )}
        <div className="mt-4">
          {detail.canStart ? (
            <Button
              isLoading={start.isPending}
              onClick={() => start.mutate(detail.id, { onSuccess: (attempt) => onAttempt(attempt.id) })}
            >
              {label}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{t('learner.detail.noAttemptsLeft')}</p>
          )}
        </div>
      </Card>
      <Card as="section" aria-labelledby="quiz-history-title">
        <CardTitle id="quiz-history-title">{t('learner.detail.history')}</CardTitle>
        {detail.attempts.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('learner.detail.noHistory')}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2">
            {detail.attempts.map((attempt) => (
              <li
                key={attempt.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
              >
                <span className="flex flex-col">
                  <span className="text-sm font-medium text-foreground">
                    {t('learner.detail.attempt', { number: attempt.attemptNumber })}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {attempt.submittedAt
                      ? t('learner.detail.submittedAt', { date: formatDateTime(attempt.submittedAt) })
                      : t('learner.detail.startedAt', { date: formatDateTime(attempt.startedAt) })}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  {attempt.scorePercent !== null && (
                    <span className="text-sm font-semibold text-foreground">
                      {t('learner.detail.score', { score: attempt.scorePercent })}
                    </span>
                  )}
                  {attempt.passed !== null && (
                    <Badge variant={attempt.passed ? 'success' : 'danger'}>
                      {attempt.passed ? t('results.passed') : t('results.failed')}
                    </Badge>
                  )}
                  {attempt.status === 'submitted' && (
                    <Button size="sm" variant="secondary" onClick={() => onAttempt(attempt.id)}>
                      <span aria-hidden="true">{t('learner.result.title')}</span>
                      <span className="sr-only">
                        {t('learner.detail.viewResult', { number: attempt.attemptNumber })}
                      </span>
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/**
 * `/quizz` (SPEC 2, query `quiz`, `from`, `session`): the learner's quizzes by status;
 * `?from=session&session=<id>` only that group session's, with the way back to it; `?quiz=<id>` its
 * page and history; `&attempt=<id>` an attempt, answered or its result. The address holds the
 * attempt, so a reload comes back to it with every saved answer; the session stays in it throughout.
 */
export function StudentQuizzes() {
  const [searchParams, setSearchParams] = useSearchParams();
  const quizId = searchParams.get('quiz');
  const attemptId = searchParams.get('attempt');
  const sessionId = sessionOfSearch(searchParams);
  const origin: Record<string, string> = sessionId ? { from: 'session', session: sessionId } : {};
  if (quizId && attemptId)
    return (
      <TakeAttempt
        attemptId={attemptId}
        onOpen={(next) =>
          setSearchParams(next ? { ...origin, quiz: quizId, attempt: next } : { ...origin, quiz: quizId })
        }
      />
    );
  if (quizId)
    return (
      <QuizPage
        quizId={quizId}
        onAttempt={(next) => setSearchParams({ ...origin, quiz: quizId, attempt: next })}
        onBack={() => setSearchParams(origin)}
      />
    );
  return (
    <QuizList
      key={sessionId ?? 'all'}
      sessionId={sessionId}
      onOpen={(id) => setSearchParams({ ...origin, quiz: id })}
    />
  );
}
