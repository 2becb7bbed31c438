import type { GuestAttemptStart } from '@cursus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { dateTimeFormat } from '@/lib/intl';
import { usePositioning } from '../api/get-positioning';
import { useStartPositioning, useSubmitPositioning } from '../api/take-positioning';
import { forgetStoredAnswers, GuestQuizForm } from './guest-quiz-form';
import { RespondentForm } from './respondent-form';

/** Why a link leads nowhere, in words the recipient can act on. */
function linkProblem(error: unknown): 'expired' | 'used' | 'invalid' | null {
  if (isApiError(error, 'POSITIONING_LINK_EXPIRED')) return 'expired';
  if (isApiError(error, 'POSITIONING_LINK_USED')) return 'used';
  if (isApiError(error, 'POSITIONING_LINK_INVALID') || isApiError(error, 'VALIDATION_ERROR'))
    return 'invalid';
  return null;
}

/**
 * /positioning/{token} (Qualiopi indicator 8): a future learner answers the positioning their
 * training organisation sent, once, without an account.
 */
export function PositioningScreen({ token }: { token: string }) {
  const { t, i18n } = useTranslation('quizAccess');
  const invitation = usePositioning(token);
  const start = useStartPositioning(token);
  const submit = useSubmitPositioning(token);
  const [attempt, setAttempt] = useState<GuestAttemptStart | null>(null);
  const [outcome, setOutcome] = useState<{ timeOver: boolean } | null>(null);

  if (invitation.isPending) {
    return (
      <PublicLayout title={t('positioning.loadingTitle')}>
        <Spinner label={t('public.loading')} />
      </PublicLayout>
    );
  }
  if (outcome) {
    return (
      <PublicLayout title={t('positioning.doneTitle')}>
        <Alert variant="success" title={t('positioning.doneHeading')}>
          {outcome.timeOver ? t('positioning.doneTimeOver') : t('positioning.done')}
        </Alert>
      </PublicLayout>
    );
  }
  if (invitation.isError) {
    const problem = linkProblem(invitation.error);
    return (
      <PublicLayout title={t('positioning.unavailableTitle')}>
        <Alert variant={problem ? 'info' : 'error'}>
          {problem ? t(`positioning.problem.${problem}`) : getErrorMessage(invitation.error)}
        </Alert>
      </PublicLayout>
    );
  }
  const info = invitation.data;
  const current = attempt ?? info.attempt;
  const expires = dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(info.expiresAt));

  return (
    <PublicLayout
      title={info.quizTitle}
      description={t('positioning.intro', { organization: info.organizationName, course: info.courseTitle })}
    >
      {current ? (
        <GuestQuizForm
          attempt={current}
          isPending={submit.isPending}
          error={submit.error}
          onSubmit={(answers) =>
            submit.mutate(answers, {
              onSuccess: (value) => {
                forgetStoredAnswers(current.attemptId);
                setOutcome({ timeOver: value.timeOver });
              },
            })
          }
        />
      ) : (
        <div className="flex flex-col gap-6">
          {info.quizDescription && (
            <p className="text-sm whitespace-pre-line text-foreground">{info.quizDescription}</p>
          )}
          <ul className="list-disc ps-5 text-sm text-muted-foreground">
            <li>{t('public.questionCount', { count: info.questionCount })}</li>
            <li>
              {info.timeLimitMinutes
                ? t('public.timeLimit', { count: info.timeLimitMinutes })
                : t('public.noTimeLimit')}
            </li>
            <li>{t('positioning.once', { date: expires })}</li>
          </ul>
          <p className="text-xs text-muted-foreground">{t('positioning.forEmail', { email: info.email })}</p>
          <RespondentForm
            asksEmail={false}
            isPending={start.isPending}
            error={start.error}
            onStart={({ name }) => start.mutate(name, { onSuccess: setAttempt })}
          />
        </div>
      )}
    </PublicLayout>
  );
}
