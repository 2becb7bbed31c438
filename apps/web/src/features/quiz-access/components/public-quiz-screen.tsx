import type { GuestAttemptStart, GuestResult } from '@cursus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { numberFormat } from '@/lib/intl';
import { usePublicQuiz } from '../api/get-public-quiz';
import { useStartPublicAttempt, useSubmitPublicAttempt } from '../api/take-public-quiz';
import { forgetStoredAnswers, GuestQuizForm } from './guest-quiz-form';
import { RespondentForm } from './respondent-form';

/** /quiz/{quizId}/public: anyone with the link takes the quiz, after giving a name and an email. */
export function PublicQuizScreen({ quizId }: { quizId: string }) {
  const { t, i18n } = useTranslation('quizAccess');
  const quiz = usePublicQuiz(quizId);
  const start = useStartPublicAttempt(quizId);
  const submit = useSubmitPublicAttempt(quizId);
  const [attempt, setAttempt] = useState<GuestAttemptStart | null>(null);
  const [result, setResult] = useState<GuestResult | null>(null);

  if (quiz.isPending) {
    return (
      <PublicLayout title={t('public.loadingTitle')}>
        <Spinner label={t('public.loading')} />
      </PublicLayout>
    );
  }
  if (quiz.isError) {
    return (
      <PublicLayout title={t('public.unavailableTitle')}>
        <Alert variant={isApiError(quiz.error, 'QUIZ_NOT_FOUND') ? 'info' : 'error'}>
          {isApiError(quiz.error, 'QUIZ_NOT_FOUND') ? t('public.unavailable') : getErrorMessage(quiz.error)}
        </Alert>
      </PublicLayout>
    );
  }
  const info = quiz.data;
  const rules = [
    t('public.questionCount', { count: info.questionCount }),
    info.timeLimitMinutes ? t('public.timeLimit', { count: info.timeLimitMinutes }) : t('public.noTimeLimit'),
    t('public.passingScore', {
      value: numberFormat(i18n.language, { style: 'percent' }).format(info.passingScore / 100),
    }),
  ];

  return (
    <PublicLayout
      title={info.title}
      description={t('public.offeredBy', { organization: info.organizationName })}
    >
      {result ? (
        <div className="flex flex-col gap-4" aria-live="polite">
          <Alert
            variant={result.passed ? 'success' : 'info'}
            title={t(result.passed ? 'result.passed' : 'result.failed')}
          >
            {result.timeOver
              ? t('result.timeOver')
              : t('result.score', {
                  percent: numberFormat(i18n.language, { style: 'percent' }).format(
                    result.scorePercent / 100,
                  ),
                  count: result.scorePoints,
                  max: result.maxPoints,
                })}
          </Alert>
          <p className="text-sm text-muted-foreground">{t('result.thanks')}</p>
        </div>
      ) : attempt ? (
        <GuestQuizForm
          attempt={attempt}
          isPending={submit.isPending}
          error={submit.error}
          onSubmit={(answers) =>
            submit.mutate(
              { attemptId: attempt.attemptId, body: { answers } },
              {
                onSuccess: (value) => {
                  forgetStoredAnswers(attempt.attemptId);
                  setResult(value);
                },
              },
            )
          }
        />
      ) : (
        <div className="flex flex-col gap-6">
          {info.description && (
            <p className="text-sm whitespace-pre-line text-foreground">{info.description}</p>
          )}
          <ul className="list-disc ps-5 text-sm text-muted-foreground">
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            {t('public.privacy', { organization: info.organizationName })}
          </p>
          <RespondentForm
            asksEmail
            isPending={start.isPending}
            error={start.error}
            onStart={(respondent) => start.mutate(respondent, { onSuccess: setAttempt })}
          />
        </div>
      )}
    </PublicLayout>
  );
}
