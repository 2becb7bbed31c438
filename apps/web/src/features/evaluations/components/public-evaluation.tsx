import { CheckCircle2, ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { useAnswerEvaluation, useEvaluationForm } from '../api/evaluations';
import { AnswerForm } from './answer-form';

/** The page an emailed link opens: the questionnaire, answered once, without an account. */
export function PublicEvaluation({ token }: { token: string }) {
  const { t } = useTranslation('evaluations');
  const form = useEvaluationForm(token);
  const answer = useAnswerEvaluation(token);

  if (answer.isSuccess) {
    return (
      <EmptyState
        icon={CheckCircle2}
        titleAs="h1"
        title={t('answer.thanksTitle')}
        description={t('answer.thanks')}
      />
    );
  }
  if (form.isPending) return <Spinner label={t('answer.loading')} />;
  if (form.isError) {
    return (
      <EmptyState
        icon={ClipboardList}
        titleAs="h1"
        title={t('answer.unavailableTitle')}
        description={getErrorMessage(form.error)}
      />
    );
  }
  const questionnaire = form.data;
  return (
    <Card as="article" className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground">{questionnaire.organizationName}</p>
        <h1 className="text-2xl font-semibold text-foreground">{questionnaire.title}</h1>
        {questionnaire.courseTitle && (
          <p className="text-sm text-muted-foreground">
            {t('answer.course', { course: questionnaire.courseTitle })}
          </p>
        )}
        {questionnaire.description && <p className="text-sm text-foreground">{questionnaire.description}</p>}
      </header>
      <AnswerForm
        form={questionnaire}
        isPending={answer.isPending}
        onSubmit={(answers) => answer.mutateAsync({ answers })}
      />
    </Card>
  );
}
