import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { SystemLogs } from '@/features/system/components/system-logs';

/** SPEC 2 /admin/monitoring: the system logs and the visits of missing pages. */
export default function AdminMonitoringRoute() {
  const { t } = useTranslation('system');
  return (
    <>
      <PageHeader title={t('monitoring.title')} description={t('monitoring.description')} />
      <SystemLogs />
    </>
  );
}
