import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { OnboardOrganizationForm } from '@/features/admin/components/onboard-organization-form';
import { OrganizationList } from '@/features/admin/components/organization-list';

/** SPEC 2 /admin/organization-onboarding: create an organisation with its first trainer; every organisation. */
export default function AdminOrganizationOnboardingRoute() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('onboardingPage.title')} description={t('onboardingPage.description')} />
      <div className="flex flex-col gap-8">
        <OnboardOrganizationForm />
        <section aria-labelledby="admin-organizations-heading" className="flex flex-col gap-4">
          <h2 id="admin-organizations-heading" className="text-lg font-semibold text-foreground">
            {t('organizations.title')}
          </h2>
          <OrganizationList />
        </section>
      </div>
    </>
  );
}
