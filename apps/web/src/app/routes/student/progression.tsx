import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ProgressionOverview } from '@/features/learning/components/progression-overview';

/** SPEC 2 /progression: progress by formation and module, totals and recent completions. */
export default function StudentProgressionRoute() {
  const { t } = useTranslation('learning');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('progression.title')} description={t('progression.description')} />
      <ProgressionOverview hasOrganization={user.organizationId !== null} />
    </>
  );
}
