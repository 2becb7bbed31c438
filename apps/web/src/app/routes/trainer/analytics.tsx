import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { isAdminSpacePath } from '@/config/paths';
import { AnalyticsView } from '@/features/analytics/components/analytics-view';
import { IndicatorSettings } from '@/features/analytics/components/indicator-settings';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * SPEC 2 /trainer/analytics (issue 16 point 6): the charts of a period and a formation, and the
 * results indicators the organisation publishes. recharts comes with this lazy route only.
 */
export default function AnalyticsRoute() {
  const { t } = useTranslation('analytics');
  const { user } = useAuth();
  // The admin space's figures are the platform's: what an admin's own organisation publishes is
  // set in that organisation's space, where the figures above are its own.
  const isPlatform = isAdminSpacePath(useLocation().pathname);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex flex-col gap-6">
        <AnalyticsView />
        {/* What an organisation publishes is its own: an admin outside any has nothing to publish. */}
        {user?.organizationId && !isPlatform && <IndicatorSettings />}
      </div>
    </>
  );
}
