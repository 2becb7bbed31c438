import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { Coaching } from '@/features/group-sessions/components/coaching';

export default function CoachingRoute() {
  const { t } = useTranslation('groupSessions');
  return (
    <>
      <PageHeader title={t('coaching.title')} description={t('coaching.description')} />
      <Coaching />
    </>
  );
}
