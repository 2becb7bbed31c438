import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { LegalInfoSettings } from '@/features/organization-settings/components/legal-info-form';

/** SPEC 2 /trainer/legal-info (issue 16 point 9): the organisation's legal mentions. */
export default function TrainerLegalInfoRoute() {
  const { t } = useTranslation('organizationSettings');
  return (
    <>
      <PageHeader title={t('legalPage.title')} description={t('legalPage.description')} />
      <LegalInfoSettings />
    </>
  );
}
