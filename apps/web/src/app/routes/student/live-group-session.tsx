import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { LiveGroupSession } from '@/features/group-sessions/components/live-group-session';

export default function LiveGroupSessionRoute() {
  const { t } = useTranslation('groupSessions');
  const { sessionId = '' } = useParams();
  return (
    <>
      <PageHeader title={t('live.title')} />
      <LiveGroupSession key={sessionId} sessionId={sessionId} />
    </>
  );
}
