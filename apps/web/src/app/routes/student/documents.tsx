import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { MyCertificates } from '@/features/certificates/components/my-certificates';
import { MyDocuments } from '@/features/documents/components/my-documents';
import { MyRequirementChecks } from '@/features/documents/components/my-requirement-checks';

/**
 * /student/documents: the learner's convocations, papers, shared documents, attendance and
 * certificates, and the papers asked of them with their state (issue 17).
 */
export default function StudentDocumentsRoute() {
  const { t } = useTranslation('documents');
  return (
    <>
      <PageHeader title={t('student.title')} description={t('student.description')} />
      <div className="flex flex-col gap-8">
        <MyDocuments />
        <MyRequirementChecks />
        <MyCertificates />
      </div>
    </>
  );
}
