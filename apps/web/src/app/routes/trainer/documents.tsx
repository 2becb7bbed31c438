import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { StaffRequirementChecks } from '@/features/documents/components/staff-requirement-checks';
import { TrainerDocuments } from '@/features/documents/components/trainer-documents';

/**
 * Issue 16 point 4: the organisation's documents (internal rules, programmes, terms, templates);
 * issue 17: what the platform requires of the organisation and its learners, and the admins' reviews.
 */
export default function TrainerDocumentsRoute() {
  const { t } = useTranslation('documents');
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <div className="flex flex-col gap-8">
        <TrainerDocuments />
        <StaffRequirementChecks />
      </div>
    </>
  );
}
