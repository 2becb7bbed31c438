import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { WeeklyGoalSettings } from '@/features/settings/components/weekly-goal-settings';

/**
 * SPEC 2 /trainer/settings. The weekly learning goal is the organisation's first setting (issue 5);
 * the page says plainly that others come later rather than showing empty sections.
 */
export default function TrainerSettingsRoute() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={t('page.title')} description={user?.organizationName ?? t('page.description')} />
      <div className="flex max-w-3xl flex-col gap-5">
        <WeeklyGoalSettings />
        <p className="text-sm text-muted-foreground">{t('page.moreLater')}</p>
      </div>
    </>
  );
}
