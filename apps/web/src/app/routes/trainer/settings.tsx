import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths, TWO_FACTOR_SECTION_ID } from '@/config/paths';
import { LateSigningSettings } from '@/features/attendance/components/late-signing-settings';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { OrganizationIdentitySettings } from '@/features/organization-settings/components/organization-identity-settings';
import { RetentionSettings } from '@/features/privacy/components/retention-settings';
import { WeeklyGoalSettings } from '@/features/settings/components/weekly-goal-settings';
import { TwoFactorPolicySetting } from '@/features/two-factor/components/two-factor-policy-setting';

/** Email preferences are each person's own: the profile page keeps them, this links there. */
function EmailPreferencesLink({ href }: { href: string }) {
  const { t } = useTranslation('organizationSettings');
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region" padding="p-4 sm:p-6" className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-foreground">
        <Mail aria-hidden="true" className="size-5 text-primary" />
        {t('emailPreferences.heading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('emailPreferences.description')}</p>
      <Link to={href} className={buttonClassName('secondary', 'sm', 'self-start')}>
        {t('emailPreferences.link')}
      </Link>
    </Card>
  );
}

/**
 * SPEC 2 /trainer/settings (issue 16 point 9): the organisation's identity (name, logo, colour), its
 * learners' weekly goal, its signing rules (the attendance module's late-signing allowance, shown
 * here as on the attendance sheets), and a link to the person's own email preferences.
 */
export default function TrainerSettingsRoute() {
  const { t } = useTranslation(['settings', 'organizationSettings']);
  const { user, refreshSession } = useAuth();
  const profileHref =
    user?.role === 'admin' ? paths.admin.profile.getHref() : paths.trainer.profile.getHref();
  return (
    <>
      <PageHeader title={t('page.title')} description={user?.organizationName ?? t('page.description')} />
      <div className="flex max-w-3xl flex-col gap-5">
        <OrganizationIdentitySettings onSaved={() => void refreshSession()} />
        <WeeklyGoalSettings />
        <section aria-label={t('organizationSettings:signing.heading')}>
          <LateSigningSettings />
        </section>
        <RetentionSettings />
        <TwoFactorPolicySetting profileHref={`${profileHref}#${TWO_FACTOR_SECTION_ID}`} />
        <EmailPreferencesLink href={`${profileHref}#email-preferences`} />
      </div>
    </>
  );
}
