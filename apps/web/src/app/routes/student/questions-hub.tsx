import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { StudentQuestionsHub } from '@/features/questions/components/student-questions-hub';

/** SPEC 2 /questions-hub/{organizationId}, the learner's side (nav "Mes formateurs"). */
export default function StudentQuestionsHubRoute() {
  const { t } = useTranslation('questions');
  const { user } = useAuth();
  const { organizationId = '' } = useParams();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('studentHub.title')} />
      <StudentQuestionsHub
        key={organizationId}
        organizationId={organizationId}
        hasOrganization={user.organizationId !== null}
      />
    </>
  );
}
