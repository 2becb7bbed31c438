import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { MonitoringJob } from '@/features/system/components/monitoring-job';
import { SystemAlerts } from '@/features/system/components/system-alerts';

/** SPEC 2 /admin/system-monitoring: the alerts to resolve, and the SPEC 9 check that raises them. */
export default function AdminSystemMonitoringRoute() {
  const { t } = useTranslation('system');
  return (
    <>
      <PageHeader title={t('alerts.title')} description={t('alerts.description')} />
      <div className="flex flex-col gap-6">
        <SystemAlerts />
        <MonitoringJob />
      </div>
    </>
  );
}
