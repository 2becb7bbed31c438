import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * SPEC 2 /trainer/students. No API lists an organisation's students yet, so the page says so rather
 * than claiming there are none.
 */
export default function TrainerStudentsRoute() {
  const { t } = useTranslation('organizations');
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={t('students.title')} description={user?.organizationName ?? undefined} />
      <EmptyState
        icon={Users}
        title={t('students.emptyTitle')}
        description={t('students.emptyDescription')}
        action={
          <Link to={paths.assignOrganization.getHref()} className={buttonClassName('primary')}>
            {t('students.assignAction')}
          </Link>
        }
      />
    </>
  );
}
