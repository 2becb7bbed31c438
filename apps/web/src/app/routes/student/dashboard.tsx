import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** SPEC 2 /dashboard, "Mon Suivi". Courses and progress arrive with the learning issue; nothing is invented here. */
export default function StudentDashboardRoute() {
  const { t } = useTranslation('learning');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.greeting', { firstName: user.firstName })}
      />
      <div className="flex flex-col gap-6">
        {user.organizationId === null && (
          <Alert
            variant="warning"
            title={t('dashboard.noOrganizationTitle')}
            action={
              <Link
                to={paths.assignOrganization.getHref()}
                className={buttonClassName('secondary', 'sm', 'self-start')}
              >
                {t('dashboard.noOrganizationAction')}
              </Link>
            }
          >
            {t('dashboard.noOrganizationDescription')}
          </Alert>
        )}
        <EmptyState
          icon={BookOpen}
          title={t('dashboard.emptyTitle')}
          description={t('dashboard.emptyDescription')}
        />
      </div>
    </>
  );
}
