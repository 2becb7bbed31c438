import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { TabList } from '@/components/ui/tab-list';
import { paths } from '@/config/paths';
import { useAdminOrganization } from '@/features/admin/api/get-organization';
import { AuditLog } from '@/features/admin/components/audit-log';
import { OrganizationCourses } from '@/features/admin/components/organization-courses';
import { OrganizationOverview } from '@/features/admin/components/organization-overview';
import { OrganizationStudents, OrganizationTrainers } from '@/features/admin/components/organization-people';
import { AuditTrail } from '@/features/audit-trail/components/audit-trail';
import { QuestionsHub } from '@/features/questions/components/questions-hub';
import { useTabs } from '@/hooks/use-tabs';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';

const TABS = ['overview', 'trainers', 'students', 'questions', 'formations', 'audit', 'trail'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * SPEC 2 /admin/organization/{organizationId}: one organisation seen by an admin, tab by tab (the
 * tab in the address, `?tab=`): its overview, staff, learners, their questions (the questions
 * hub, as the organisation's staff sees it), its formations (and assigning one), its admin audit log
 * and its audit trail (issue 19: every event of the organisation, as its staff read it).
 */
export default function AdminOrganizationRoute() {
  const { t } = useTranslation('admin');
  const { t: tTrail } = useTranslation('auditTrail');
  const { organizationId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const selected: Tab = isTab(requested) ? requested : 'overview';
  const tabs = useTabs(TABS, selected, (tab) => setSearchParams(tab === 'overview' ? {} : { tab }));
  const organization = useAdminOrganization(organizationId);

  if (organization.isPending)
    return (
      <>
        <PageHeader title={t('organizationPage.loadingTitle')} />
        <SkeletonCards label={t('loading')} count={4} bars={['w-1/3', 'w-2/3']} />
      </>
    );
  if (organization.isError) {
    const isMissing =
      isApiError(organization.error, 'NOT_FOUND') || isApiError(organization.error, 'VALIDATION_ERROR');
    return isMissing ? (
      <EmptyState
        icon={Building2}
        titleAs="h1"
        title={t('organizationPage.notFoundTitle')}
        description={t('organizationPage.notFoundDescription')}
        action={
          <Link to={paths.admin.organizationOnboarding.getHref()} className={buttonClassName('secondary')}>
            {t('organizationPage.back')}
          </Link>
        }
      />
    ) : (
      <>
        <PageHeader title={t('organizationPage.loadingTitle')} />
        <LoadErrorAlert
          error={organization.error}
          title={t('organizationPage.error')}
          retryLabel={t('retry')}
          onRetry={() => organization.refetch()}
        />
      </>
    );
  }
  const detail = organization.data;

  const panel = (tab: Tab) => {
    switch (tab) {
      case 'overview':
        return <OrganizationOverview detail={detail} />;
      case 'trainers':
        return <OrganizationTrainers organizationId={detail.id} />;
      case 'students':
        return <OrganizationStudents organizationId={detail.id} />;
      case 'questions':
        return <QuestionsHub organizationId={detail.id} isAdmin />;
      case 'formations':
        return <OrganizationCourses organizationId={detail.id} organizationName={detail.name} />;
      case 'audit':
        return <AuditLog organizationId={detail.id} />;
      case 'trail':
        return <AuditTrail organizationId={detail.id} />;
    }
  };

  return (
    <>
      <PageHeader title={detail.name} description={t('organizationPage.description')} />
      <TabList
        label={t('organizationPage.tabsLabel')}
        tabs={TABS}
        selected={selected}
        tabsState={tabs}
        getTabLabel={(tab) => (tab === 'trail' ? tTrail('tab') : t(`organizationPage.tabs.${tab}`))}
        className="flex-wrap"
      />
      {TABS.map((tab) => (
        <div
          key={tab}
          {...tabs.getPanelProps(tab)}
          hidden={selected !== tab}
          className={cn('mt-6 rounded-lg', FOCUS_RING)}
        >
          {selected === tab && panel(tab)}
        </div>
      ))}
    </>
  );
}
