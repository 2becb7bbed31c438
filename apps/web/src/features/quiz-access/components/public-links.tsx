import { DEFAULT_PAGE_SIZE } from '@cursus/contracts';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';
import { dateTimeFormat, numberFormat } from '@/lib/intl';
import { notify } from '@/lib/toast';
import { useQuizChoices } from '../api/get-choices';
import { useGuestAttempts } from '../api/get-guest-attempts';
import { usePublicLink, useSetPublicLink } from '../api/public-link';
import { ChoiceSelect } from './choice-select';
import { GuestAttemptDialog } from './guest-attempt-dialog';

/** Picks one of the organisation's quizzes and shows its public link and answers. */
export function PublicLinks() {
  const { t } = useTranslation('quizAccess');
  const quizzes = useQuizChoices();
  const [quizId, setQuizId] = useState('');
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-md">
        <ChoiceSelect
          label={t('publicLinks.quiz')}
          value={quizId}
          onChange={setQuizId}
          isLoading={quizzes.isPending}
          options={quizzes.data?.items.map((quiz) => ({ id: quiz.id, label: quiz.title }))}
        />
      </div>
      {quizId ? (
        <PublicLinkPanel key={quizId} quizId={quizId} />
      ) : (
        <EmptyState
          icon={Link2}
          title={t('publicLinks.pickTitle')}
          description={t('publicLinks.pickDescription')}
        />
      )}
    </div>
  );
}

/**
 * A quiz's public link (/quiz/{quizId}/public): switched on here, shared as it is; the visitors'
 * answers listed below it.
 */
export function PublicLinkPanel({ quizId }: { quizId: string }) {
  const { t, i18n } = useTranslation(['quizAccess', 'common']);
  const [page, setPage] = useState(1);
  const [shownAttempt, setShownAttempt] = useState<string | null>(null);
  const link = usePublicLink(quizId);
  const setLink = useSetPublicLink();
  const attempts = useGuestAttempts(quizId, { kind: 'public', page, pageSize: DEFAULT_PAGE_SIZE });
  const url = `${window.location.origin}${paths.publicQuiz.getHref(quizId)}`;
  const date = (value: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  const percent = (value: number) => numberFormat(i18n.language, { style: 'percent' }).format(value / 100);

  if (link.isPending) return <Spinner label={t('quizAccess:publicLinks.loading')} />;
  if (link.isError)
    return (
      <LoadErrorAlert
        error={link.error}
        retryLabel={t('common:actions.retry')}
        onRetry={() => link.refetch()}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <Checkbox
        label={t('quizAccess:publicLinks.enabled')}
        hint={t('quizAccess:publicLinks.enabledHint')}
        checked={link.data.isEnabled}
        disabled={setLink.isPending}
        onChange={(event) => setLink.mutate({ quizId, isEnabled: event.target.checked })}
      />
      {setLink.error ? <p className="text-sm text-danger">{getErrorMessage(setLink.error)}</p> : null}
      {link.data.isEnabled && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Input readOnly value={url} aria-label={t('quizAccess:publicLinks.url')} className="sm:max-w-xl" />
          <Button
            variant="secondary"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => notify.success(t('quizAccess:publicLinks.copied')),
                () => notify.error(t('quizAccess:publicLinks.copyFailed')),
              )
            }
          >
            {t('quizAccess:publicLinks.copy')}
          </Button>
        </div>
      )}
      <h2 className="text-base font-semibold text-foreground">{t('quizAccess:publicLinks.answersTitle')}</h2>
      {attempts.isPending ? (
        <Spinner label={t('quizAccess:publicLinks.loading')} />
      ) : attempts.isError ? (
        <LoadErrorAlert
          error={attempts.error}
          retryLabel={t('common:actions.retry')}
          onRetry={() => attempts.refetch()}
        />
      ) : attempts.data.total === 0 ? (
        <p className="text-sm text-muted-foreground">{t('quizAccess:publicLinks.noAnswers')}</p>
      ) : (
        <PagedList
          query={attempts}
          label={t('quizAccess:publicLinks.answersTitle')}
          pagesLabel={t('quizAccess:publicLinks.pagesLabel')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('quizAccess:publicLinks.count', { count: attempts.data.total })}
            </p>
          }
          onPageChange={setPage}
        >
          {attempts.data.items.map((attempt) => (
            <li
              key={attempt.id}
              className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  <span className="break-all">{attempt.respondentName}</span>
                  {attempt.passed === null ? (
                    <Badge>{t('quizAccess:publicLinks.inProgress')}</Badge>
                  ) : (
                    <Badge variant={attempt.passed ? 'success' : 'warning'}>
                      {t(attempt.passed ? 'quizAccess:result.passed' : 'quizAccess:result.failed')}
                      {attempt.scorePercent !== null ? ` · ${percent(attempt.scorePercent)}` : ''}
                    </Badge>
                  )}
                </p>
                <p className="break-all text-xs text-muted-foreground">
                  {attempt.respondentEmail} · {date(attempt.submittedAt ?? attempt.startedAt)}
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setShownAttempt(attempt.id)}>
                {t('quizAccess:invitations.showAnswers')}
              </Button>
            </li>
          ))}
        </PagedList>
      )}
      {shownAttempt && <GuestAttemptDialog attemptId={shownAttempt} onClose={() => setShownAttempt(null)} />}
    </div>
  );
}
