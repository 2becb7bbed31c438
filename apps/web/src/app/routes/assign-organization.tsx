import { Building2, Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { getHomeHref, paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AssignStudentForm } from '@/features/organizations/components/assign-student-form';
import { CreateOrganizationForm } from '@/features/organizations/components/create-organization-form';
import { formatSupportHours } from '@/lib/support-hours';

function StudentWaiting({ email }: { email: string }) {
  const { t } = useTranslation('organizations');
  return (
    <Card className="flex flex-col gap-3">
      <CardTitle>{t('assign.studentWaiting.heading')}</CardTitle>
      <CardDescription>{t('assign.studentWaiting.description', { email })}</CardDescription>
      <CardDescription>{t('assign.studentWaiting.afterAssignment')}</CardDescription>
      <p className="flex items-center gap-2 text-sm text-foreground">
        <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
        {t('assign.studentWaiting.supportHours', { hours: formatSupportHours() })}
      </p>
    </Card>
  );
}

/**
 * SPEC 1/6 /assign-organization: a student without an organisation waits for a trainer; a trainer
 * without one creates it; a trainer or admin with access places a waiting student.
 */
export default function AssignOrganizationRoute() {
  const { t } = useTranslation('organizations');
  const auth = useAuth();
  const [hasCreatedOrganization, setHasCreatedOrganization] = useState(false);
  const user = auth.user;
  if (!user) return null;

  const hasOrganization = user.organizationId !== null;
  // Leave only once the session shows the organisation, or the trainer guard would send us back here.
  if (hasCreatedOrganization && hasOrganization) return <Navigate to={getHomeHref(user.role)} replace />;

  return (
    <>
      <PageHeader
        title={t('assign.title')}
        description={
          hasOrganization && user.organizationName
            ? t('assign.currentOrganization', { name: user.organizationName })
            : undefined
        }
      />
      <div className="flex max-w-2xl flex-col gap-6">
        {user.role === 'student' &&
          (hasOrganization ? (
            <Card className="flex flex-col items-start gap-4">
              <CardDescription>
                {t('assign.studentAssigned', { name: user.organizationName ?? '' })}
              </CardDescription>
              <Link to={paths.student.dashboard.getHref()} className={buttonClassName('primary')}>
                {t('assign.goToDashboard')}
              </Link>
            </Card>
          ) : (
            <StudentWaiting email={user.email} />
          ))}

        {user.role === 'trainer' && !hasOrganization && (
          <Card className="flex flex-col gap-4">
            <div className="flex items-start gap-3">
              <Building2 aria-hidden="true" className="mt-0.5 size-5 text-primary" />
              <div className="flex flex-col gap-1">
                <CardTitle>{t('assign.create.heading')}</CardTitle>
                <CardDescription>{t('assign.create.description')}</CardDescription>
              </div>
            </div>
            <CreateOrganizationForm
              onCreated={(updatedUser) => {
                auth.setUser(updatedUser);
                setHasCreatedOrganization(true);
              }}
            />
          </Card>
        )}

        {(user.role === 'admin' || (user.role === 'trainer' && hasOrganization)) && (
          <Card className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <CardTitle>{t('assign.assignStudent.heading')}</CardTitle>
              <CardDescription>{t('assign.assignStudent.description')}</CardDescription>
            </div>
            <AssignStudentForm choosesOrganization={user.role === 'admin'} />
          </Card>
        )}
      </div>
    </>
  );
}
