import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerGroupSessions } from '@/features/group-sessions/components/trainer-group-sessions';

export default function TrainerGroupSessionsRoute() {
  const { t } = useTranslation('groupSessions');
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <TrainerGroupSessions />
    </>
  );
}
