import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { QuizAccessPanel } from '@/features/quiz-access/components/quiz-access-panel';
import { TrainerQuizzes } from '@/features/quizzes/components/trainer-quizzes';

/** SPEC 2 /trainer/quizzes: the organisation's quizzes, their editor and the question bank. */
export default function TrainerQuizzesRoute() {
  const { t } = useTranslation('quizzes');
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <TrainerQuizzes renderQuizExtras={(quizId) => <QuizAccessPanel quizId={quizId} />} />
    </>
  );
}
