import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { StudentExercises } from '@/features/exercises/components/student-exercises';

/** SPEC 2 /exercises: practical work of the learner's formations, handed in and reviewed. */
export default function StudentExercisesRoute() {
  const { t } = useTranslation('exercises');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('student.title')} description={t('student.description')} />
      <StudentExercises hasOrganization={user.organizationId !== null} />
    </>
  );
}
