import { SearchX, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { isApiError } from '@/lib/api-client';
import { useQuestionHub } from '../api/get-question-hub';
import { AskQuestionDialog } from './ask-question-dialog';
import { MissingOrganizationAlert } from './ask-question-form';
import { MyQuestions } from './my-questions';

/**
 * SPEC 2 `/questions-hub/{organizationId}` from the learner's side: the organisation's trainers and
 * the learner's questions there. Another organisation's id reads as an unknown one.
 */
export function StudentQuestionsHub({
  organizationId,
  hasOrganization,
}: {
  organizationId: string;
  hasOrganization: boolean;
}) {
  const { t } = useTranslation('questions');
  const hub = useQuestionHub(organizationId);
  const [isAsking, setIsAsking] = useState(false);

  if (!hasOrganization) return <MissingOrganizationAlert />;
  if (hub.isPending)
    return <SkeletonCards label={t('studentHub.loading')} count={2} bars={['w-1/3', 'w-2/3']} />;
  if (hub.isError) {
    // A malformed id is refused before the lookup: to the learner it is just as unknown.
    if (isApiError(hub.error, 'NOT_FOUND') || isApiError(hub.error, 'VALIDATION_ERROR'))
      return (
        <EmptyState
          icon={SearchX}
          title={t('studentHub.notFoundTitle')}
          description={t('studentHub.notFoundDescription')}
        />
      );
    return (
      <LoadErrorAlert
        error={hub.error}
        title={t('studentHub.error')}
        retryLabel={t('mine.retry')}
        onRetry={() => hub.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {t('studentHub.description', { organization: hub.data.organization.name })}
      </p>
      <Card as="section" aria-labelledby="hub-trainers-title" className="flex flex-col gap-3">
        <CardTitle id="hub-trainers-title">{t('studentHub.trainersTitle')}</CardTitle>
        {hub.data.trainers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('studentHub.noTrainers')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {hub.data.trainers.map((trainer) => (
              <li
                key={trainer.id}
                className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm text-foreground"
              >
                <Users aria-hidden="true" className="size-4 text-muted-foreground" />
                {trainer.fullName}
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button onClick={() => setIsAsking(true)}>{t('studentHub.ask')}</Button>
        </div>
      </Card>
      <section aria-labelledby="hub-questions-title" className="flex flex-col gap-3">
        <h2 id="hub-questions-title" className="text-lg font-semibold text-foreground">
          {t('studentHub.questionsTitle')}
        </h2>
        <MyQuestions />
      </section>
      {isAsking && <AskQuestionDialog hasOrganization context={null} onClose={() => setIsAsking(false)} />}
    </div>
  );
}
