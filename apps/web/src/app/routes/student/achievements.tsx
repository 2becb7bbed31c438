import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { AchievementsOverview } from '@/features/achievements/components/achievements-overview';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** The learner's achievements (SPEC 2): badges, trophies and progress towards the next. */
export default function StudentAchievementsRoute() {
  const { t } = useTranslation('achievements');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <AchievementsOverview hasOrganization={user.organizationId !== null} />
    </>
  );
}
