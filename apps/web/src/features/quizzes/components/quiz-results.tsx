import { DEFAULT_PAGE_SIZE } from '@cursus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Spinner } from '@/components/ui/spinner';
import { useQuizResults } from '../api/trainer-quizzes';
import { formatDateTime } from '../lib/format';

/** Every submitted attempt of a quiz, newest first: who, which attempt, score, passed or not. */
export function QuizResults({ quiz, onClose }: { quiz: { id: string; title: string }; onClose: () => void }) {
  const { t } = useTranslation('quizzes');
  const [page, setPage] = useState(1);
  const results = useQuizResults(quiz.id, { page, pageSize: DEFAULT_PAGE_SIZE });
  return (
    <Dialog
      title={t('results.title', { title: quiz.title })}
      closeLabel={t('results.close')}
      onClose={onClose}
      size="lg"
    >
      {results.isPending && <Spinner label={t('results.label')} />}
      {results.isError && (
        <LoadErrorAlert
          error={results.error}
          retryLabel={t('common.retry')}
          onRetry={() => results.refetch()}
        />
      )}
      {results.isSuccess && results.data.total === 0 && (
        <p className="text-sm text-muted-foreground">{t('results.empty')}</p>
      )}
      {results.isSuccess && results.data.total > 0 && (
        <PagedList
          query={{ ...results, data: results.data }}
          label={t('results.label')}
          pagesLabel={t('results.pages')}
          summary={null}
          onPageChange={setPage}
        >
          {results.data.items.map((result) => (
            <li
              key={result.attemptId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
            >
              <span className="flex flex-col">
                <span className="text-sm font-medium text-foreground">{result.fullName}</span>
                <span className="text-xs text-muted-foreground">
                  {t('results.attempt', { number: result.attemptNumber })} ·{' '}
                  {t('results.submitted', { date: formatDateTime(result.submittedAt) })}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <span className="text-sm font-semibold text-foreground">
                  {t('results.score', { score: result.scorePercent })}
                </span>
                <Badge variant={result.passed ? 'success' : 'danger'}>
                  {result.passed ? t('results.passed') : t('results.failed')}
                </Badge>
              </span>
            </li>
          ))}
        </PagedList>
      )}
    </Dialog>
  );
}
