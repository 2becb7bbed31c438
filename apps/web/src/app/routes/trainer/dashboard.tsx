import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** SPEC 2 /trainer/dashboard: the organisation space's home; indicators come with later issues. */
export default function TrainerDashboardRoute() {
  const { t } = useTranslation('organizations');
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={t('trainerDashboard.title')} description={user?.organizationName ?? undefined} />
      <EmptyState
        icon={LayoutDashboard}
        title={t('trainerDashboard.emptyTitle')}
        description={t('trainerDashboard.emptyDescription')}
        action={
          <Link to={paths.assignOrganization.getHref()} className={buttonClassName('primary')}>
            {t('trainerDashboard.assignAction')}
          </Link>
        }
      />
    </>
  );
}
