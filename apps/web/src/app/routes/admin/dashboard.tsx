import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { AdminShortcuts } from '@/features/admin/components/admin-shortcuts';
import { AuditLog } from '@/features/admin/components/audit-log';
import { PlatformOverview } from '@/features/admin/components/platform-overview';
import { TrainerDashboard } from '@/features/analytics/components/trainer-dashboard';
import { AuditTrail } from '@/features/audit-trail/components/audit-trail';

// SPEC: the funding-platform logs panel is on the admin dashboard; loaded with it, not before.
const WebhookLogsPanel = lazy(() =>
  import('@/features/funding-webhooks/components/webhook-logs-panel').then((module) => ({
    default: module.WebhookLogsPanel,
  })),
);

/**
 * SPEC 2 /admin/dashboard: the platform's figures (organisations, people, sign-ups), then the trainer
 * dashboard's figures over every organisation (paths.ts `mirrors`), then the admin audit log (admins'
 * own actions, as the admin log words them) and the audit trail of every event (issue 19); the
 * funding-platform logs panel and links to the screens the menu does not list.
 */
export default function AdminDashboardRoute() {
  const { t } = useTranslation('analytics');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tTrail } = useTranslation('auditTrail');
  return (
    <>
      <PageHeader title={t('dashboard.adminTitle')} description={t('dashboard.adminDescription')} />
      <div className="mb-6">
        <Suspense fallback={null}>
          <WebhookLogsPanel />
        </Suspense>
      </div>
      <div className="flex flex-col gap-8">
        <PlatformOverview />
        <AdminShortcuts />
        <TrainerDashboard />
        <section aria-labelledby="admin-audit-heading" className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <h2 id="admin-audit-heading" className="text-lg font-semibold text-foreground">
              {tAdmin('audit.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{tAdmin('audit.description')}</p>
          </div>
          <AuditLog />
        </section>
        <section aria-labelledby="admin-audit-trail-heading" className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <h2 id="admin-audit-trail-heading" className="text-lg font-semibold text-foreground">
              {tTrail('title')}
            </h2>
            <p className="text-sm text-muted-foreground">{tTrail('adminDescription')}</p>
          </div>
          <AuditTrail showOrganization />
        </section>
      </div>
    </>
  );
}
