import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { DocumentRequirementsAdmin } from '@/features/documents/components/document-requirements-admin';

/** SPEC 2 /admin/document-requirements: required documents per organisation kind and per learner, checked. */
export default function AdminDocumentRequirementsRoute() {
  const { t } = useTranslation('documents');
  return (
    <>
      <PageHeader title={t('requirements.admin.title')} description={t('requirements.admin.description')} />
      <DocumentRequirementsAdmin />
    </>
  );
}
