import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { StudentQuizzes } from '@/features/quizzes/components/student-quizzes';

/** SPEC 2 /quizz: the learner's quizzes to do, overdue and done, taken and retaken here. */
export default function StudentQuizzesRoute() {
  const { t } = useTranslation('quizzes');
  return (
    <>
      <PageHeader title={t('learner.title')} description={t('learner.description')} />
      <StudentQuizzes />
    </>
  );
}
