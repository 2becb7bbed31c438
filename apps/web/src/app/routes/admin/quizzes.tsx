import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { QuizList } from '@/features/quizzes/components/quiz-list';

/** SPEC 2 /admin/quizzes: every organisation's quizzes, with each one's organisation (SPEC 6). */
export default function AdminQuizzesRoute() {
  const { t } = useTranslation('quizzes');
  return (
    <>
      <PageHeader title={t('trainer.admin.title')} description={t('trainer.admin.description')} />
      <QuizList isAdmin />
    </>
  );
}
