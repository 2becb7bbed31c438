import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useQuizStats } from '../api/get-quiz-stats';

/** The dashboard's quiz summary: how many of the learner's quizzes they passed, and their mean best score. */
export function QuizStatsCard({ quizzesHref }: { quizzesHref: string }) {
  const { t } = useTranslation('quizzes');
  const stats = useQuizStats();
  if (stats.isPending || (stats.isSuccess && stats.data.quizCount === 0)) return null;
  return (
    <Card as="section" aria-labelledby="quiz-stats-title">
      <CardTitle id="quiz-stats-title" className="flex items-center gap-2">
        <ListChecks aria-hidden="true" className="size-5" />
        {t('learner.dashboard.title')}
      </CardTitle>
      {stats.isError ? (
        <LoadErrorAlert error={stats.error} retryLabel={t('common.retry')} onRetry={() => stats.refetch()} />
      ) : (
        <div className="mt-3 flex flex-col gap-2">
          <p className="text-sm text-foreground">
            {t('learner.dashboard.passed', { count: stats.data.passedCount, total: stats.data.quizCount })}
          </p>
          <ProgressBar
            value={(stats.data.passedCount / stats.data.quizCount) * 100}
            label={t('learner.dashboard.title')}
            valueText={t('learner.dashboard.passed', {
              count: stats.data.passedCount,
              total: stats.data.quizCount,
            })}
          />
          <p className="text-sm text-muted-foreground">
            {stats.data.averageBestScore === null
              ? t('learner.dashboard.noScore')
              : t('learner.dashboard.average', { score: stats.data.averageBestScore })}
          </p>
          <Link to={quizzesHref} className={buttonClassName('secondary', 'sm', 'self-start')}>
            {t('learner.dashboard.open')}
          </Link>
        </div>
      )}
    </Card>
  );
}
