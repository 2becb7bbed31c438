import type { StudentQuizStatus } from '@cursus/contracts';
import { ListChecks } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Card, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { paths } from '@/config/paths';
import { useMyQuizzes } from '../api/learner-quizzes';

export const QUIZ_STATUS_VARIANTS: Record<StudentQuizStatus, BadgeVariant> = {
  todo: 'info',
  overdue: 'danger',
  done: 'success',
};

/** A formation holds a handful of quizzes; the first page is all of them in practice. */
const FORMATION_QUIZ_LIMIT = 50;

/**
 * Issue 13: a formation page shows where the learner stands on its quizzes (status, best score,
 * passed), beside the lesson progress. Nothing at all for a formation without quizzes.
 */
export function FormationQuizzes({ courseId }: { courseId: string }) {
  const { t } = useTranslation('quizzes');
  const headingId = useId();
  const quizzes = useMyQuizzes({ courseId, pageSize: FORMATION_QUIZ_LIMIT });
  if (quizzes.isPending || (quizzes.isSuccess && quizzes.data.items.length === 0)) return null;
  return (
    <Card as="section" padding="p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <CardTitle id={headingId} className="flex items-center gap-2">
        <ListChecks aria-hidden="true" className="size-5" />
        {t('learner.formation.title')}
      </CardTitle>
      {quizzes.isError ? (
        <LoadErrorAlert
          error={quizzes.error}
          retryLabel={t('common.retry')}
          onRetry={() => quizzes.refetch()}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t('learner.formation.passed', {
              count: quizzes.data.items.filter((quiz) => quiz.hasPassed).length,
              total: quizzes.data.items.length,
            })}
          </p>
          <ul className="flex flex-col divide-y divide-border">
            {quizzes.data.items.map((quiz) => (
              <li key={quiz.id} className="flex flex-col gap-1 py-2">
                <Link
                  to={`${paths.student.quizzes.getHref()}?${new URLSearchParams({ quiz: quiz.id })}`}
                  className="font-medium break-words text-foreground underline-offset-4 hover:underline"
                >
                  {quiz.title}
                </Link>
                {quiz.moduleTitle && <p className="text-xs text-muted-foreground">{quiz.moduleTitle}</p>}
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant={QUIZ_STATUS_VARIANTS[quiz.status]}>
                    {t(`learner.status.${quiz.status}`)}
                  </Badge>
                  {quiz.hasPassed && <Badge variant="success">{t('learner.passedBadge')}</Badge>}
                  {quiz.bestScorePercent !== null && (
                    <span className="text-muted-foreground">
                      {t('learner.best', { score: quiz.bestScorePercent })}
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
