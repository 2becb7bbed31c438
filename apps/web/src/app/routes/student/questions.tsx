import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { Card, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AskQuestionForm } from '@/features/questions/components/ask-question-form';
import { MyQuestions } from '@/features/questions/components/my-questions';

/** SPEC 2 /questions: ask the trainers a question, and read one's questions with their replies. */
export default function StudentQuestionsRoute() {
  const { t } = useTranslation('questions');
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  if (!user) return null;
  const hasOrganization = user.organizationId !== null;
  return (
    <>
      <PageHeader title={t('mine.title')} description={t('mine.description')} />
      <div className="flex flex-col gap-6">
        <Card as="section" aria-labelledby="ask-question-title" className="flex flex-col gap-4">
          <CardTitle id="ask-question-title">{t('ask.title')}</CardTitle>
          <AskQuestionForm hasOrganization={hasOrganization} />
        </Card>
        {hasOrganization && (
          <section aria-labelledby="my-questions-title" className="flex flex-col gap-3">
            <h2 id="my-questions-title" className="text-lg font-semibold text-foreground">
              {t('mine.listTitle')}
            </h2>
            <MyQuestions openQuestionId={searchParams.get('question')} />
          </section>
        )}
      </div>
    </>
  );
}
