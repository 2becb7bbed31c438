import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerDashboard } from '@/features/analytics/components/trainer-dashboard';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** SPEC 2 /trainer/dashboard: the organisation's key figures, each leading to its screen (issue 16). */
export default function TrainerDashboardRoute() {
  const { t } = useTranslation('analytics');
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={t('dashboard.title')} description={user?.organizationName ?? undefined} />
      <TrainerDashboard />
    </>
  );
}
