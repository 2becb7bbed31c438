import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/** SPEC 2 /admin/dashboard: monitoring and onboarding arrive with the admin issues. */
export default function AdminDashboardRoute() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <EmptyState
        icon={ShieldCheck}
        title={t('dashboard.emptyTitle')}
        description={t('dashboard.emptyDescription')}
        action={
          <Link to={paths.assignOrganization.getHref()} className={buttonClassName('primary')}>
            {t('dashboard.assignAction')}
          </Link>
        }
      />
    </>
  );
}
