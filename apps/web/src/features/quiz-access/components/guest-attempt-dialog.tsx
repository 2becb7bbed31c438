import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { numberFormat } from '@/lib/intl';
import { useGuestAttempt } from '../api/get-guest-attempts';

/** A visitor's answers, question by question, beside the expected ones (the trainer's reading). */
export function GuestAttemptDialog({ attemptId, onClose }: { attemptId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(['quizAccess', 'common']);
  const attempt = useGuestAttempt(attemptId);
  const percent = (value: number) => numberFormat(i18n.language, { style: 'percent' }).format(value / 100);
  const optionText = (type: string, text: string) =>
    type === 'true_false' ? t(text === 'true' ? 'quizAccess:take.true' : 'quizAccess:take.false') : text;
  return (
    <Dialog
      title={
        attempt.data
          ? t('quizAccess:answers.title', { name: attempt.data.respondentName })
          : t('quizAccess:answers.loading')
      }
      description={attempt.data ? `${attempt.data.quizTitle} · ${attempt.data.respondentEmail}` : undefined}
      closeLabel={t('common:actions.close')}
      onClose={onClose}
      size="lg"
    >
      {attempt.isPending ? (
        <Spinner label={t('quizAccess:answers.loading')} />
      ) : attempt.isError ? (
        <LoadErrorAlert
          error={attempt.error}
          retryLabel={t('common:actions.retry')}
          onRetry={() => attempt.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-foreground">
            {attempt.data.scorePercent === null
              ? t('quizAccess:answers.notSubmitted')
              : t('quizAccess:answers.score', {
                  percent: percent(attempt.data.scorePercent),
                  count: attempt.data.scorePoints ?? 0,
                  max: attempt.data.maxPoints,
                })}
          </p>
          <ol className="flex flex-col gap-3">
            {attempt.data.questions.map((question, index) => (
              <li key={question.questionId} className="rounded-lg border border-border p-3 text-sm">
                <p className="font-medium text-foreground">
                  {t('quizAccess:take.questionLabel', { number: index + 1, text: question.text })}
                </p>
                <dl className="mt-2 grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
                  <dt className="text-muted-foreground">{t('quizAccess:answers.given')}</dt>
                  <dd className="text-foreground">
                    {question.given.length > 0
                      ? question.given.map((text) => optionText(question.type, text)).join(', ')
                      : t('quizAccess:answers.none')}
                  </dd>
                  <dt className="text-muted-foreground">{t('quizAccess:answers.expected')}</dt>
                  <dd className="text-foreground">
                    {question.expected.map((text) => optionText(question.type, text)).join(', ')}
                  </dd>
                </dl>
                {question.isCorrect !== null && (
                  <Badge className="mt-2" variant={question.isCorrect ? 'success' : 'danger'}>
                    {question.isCorrect ? t('quizAccess:answers.correct') : t('quizAccess:answers.wrong')}
                  </Badge>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
