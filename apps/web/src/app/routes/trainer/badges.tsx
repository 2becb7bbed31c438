import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { BadgeManager } from '@/features/achievements/components/badge-manager';

/** The organisation's badges (SPEC 3): criteria, thresholds and rarities its learners earn. */
export default function TrainerBadgesRoute() {
  const { t } = useTranslation('achievements');
  return (
    <>
      <PageHeader title={t('manage.title')} description={t('manage.description')} />
      <BadgeManager />
    </>
  );
}
