import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { SystemHealth } from '@/features/system/components/system-health';

/** SPEC 2 /admin/health: the state of each part of the platform. */
export default function AdminHealthRoute() {
  const { t } = useTranslation('system');
  return (
    <>
      <PageHeader title={t('health.title')} description={t('health.description')} />
      <SystemHealth />
    </>
  );
}
