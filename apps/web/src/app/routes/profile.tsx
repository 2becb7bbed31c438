import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { AccountSessionsSection } from '@/features/account-sessions/components/account-sessions-section';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { EmailPreferencesSection } from '@/features/email-preferences/components/email-preferences-section';
import { MyDataExport } from '@/features/privacy/components/my-data-export';
import { ProfilePreferences } from '@/features/profile/components/profile-preferences';
import { ProfileSummary } from '@/features/profile/components/profile-summary';
import { TwoFactorSection } from '@/features/two-factor/components/two-factor-section';

// Admins only: loaded with their profile, never in the others' bundle.
const WebhookLogsPanel = lazy(() =>
  import('@/features/funding-webhooks/components/webhook-logs-panel').then((module) => ({
    default: module.WebhookLogsPanel,
  })),
);

/** SPEC 2 profile pages (/profile, /student/profile, /trainer/profile, /admin/profile), one screen in each space's frame. */
export default function ProfileRoute() {
  const { t } = useTranslation(['profile', 'auth']);
  const { user, refreshSession } = useAuth();
  // The route guard only lets signed-in people in.
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {user.role === 'admin' && (
        <div className="mb-6">
          <Suspense fallback={null}>
            <WebhookLogsPanel />
          </Suspense>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <ProfileSummary user={user} />
          <ProfilePreferences />
          <AccountSessionsSection />
        </div>
        <div className="flex flex-col gap-6">
          <Card className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <CardTitle>{t('auth:changePassword.title')}</CardTitle>
              <CardDescription>{t('auth:changePassword.description')}</CardDescription>
            </div>
            <ChangePasswordForm />
          </Card>
          {/* Issue 19: staff only (learners are not asked for a second factor, security.md). */}
          {user.role !== 'student' && (
            <TwoFactorSection email={user.email} onSessionChanged={() => void refreshSession()} />
          )}
          <EmailPreferencesSection />
          <MyDataExport />
        </div>
      </div>
    </>
  );
}
