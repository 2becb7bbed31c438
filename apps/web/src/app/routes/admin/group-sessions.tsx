import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { AdminGroupSessions } from '@/features/group-sessions/components/trainer-group-sessions';

export default function AdminGroupSessionsRoute() {
  const { t } = useTranslation('groupSessions');
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <AdminGroupSessions />
    </>
  );
}
