import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { TabList } from '@/components/ui/tab-list';
import { AuditTrail } from '@/features/audit-trail/components/audit-trail';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { REGISTER_TABS } from '@/features/compliance/components/compliance-labels';
import { ComplianceOverview } from '@/features/compliance/components/compliance-overview';
import { ComplaintsRegister } from '@/features/registers/components/complaints-register';
import { ImprovementsRegister } from '@/features/registers/components/improvements-register';
import { WatchRegister } from '@/features/registers/components/watch-register';
import { useTabs } from '@/hooks/use-tabs';
import { cn } from '@/lib/cn';

const TABS = ['indicators', ...REGISTER_TABS, 'trail'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * SPEC 2 /trainer/compliance (issue 17 points 1 and 2): the Qualiopi indicators with their evidence,
 * then the registers that feed indicators 31, 32 and 23 to 25, then the audit trail (issue 19: where
 * an auditor's questions are answered). `?tab=` keeps the tab chosen.
 */
export default function TrainerComplianceRoute() {
  const { t } = useTranslation('compliance');
  const { t: tTrail } = useTranslation('auditTrail');
  const isAdmin = useAuth().user?.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const selected: Tab = isTab(requested) ? requested : 'indicators';
  const tabs = useTabs(TABS, selected, (tab) => setSearchParams(tab === 'indicators' ? {} : { tab }));

  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <TabList
        label={t('page.tabsLabel')}
        tabs={TABS}
        selected={selected}
        tabsState={tabs}
        getTabLabel={(tab) => (tab === 'trail' ? tTrail('tab') : t(`page.tabs.${tab}`))}
        className="flex-wrap"
      />
      {TABS.map((tab) => (
        <div
          key={tab}
          {...tabs.getPanelProps(tab)}
          hidden={selected !== tab}
          className={cn('mt-6 rounded-lg', FOCUS_RING)}
        >
          {selected === tab &&
            (tab === 'indicators' ? (
              <ComplianceOverview />
            ) : tab === 'complaints' ? (
              <ComplaintsRegister />
            ) : tab === 'improvements' ? (
              <ImprovementsRegister scope="organization" />
            ) : tab === 'trail' ? (
              <AuditTrail showOrganization={isAdmin} />
            ) : (
              <WatchRegister />
            ))}
        </div>
      ))}
    </>
  );
}
