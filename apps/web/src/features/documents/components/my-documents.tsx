import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { useMyDocuments } from '../api/documents';
import { LearnerDocumentsView } from './learner-documents-view';

/** The learner's part of /student/documents: convocations, their papers, shared documents, attendance. */
export function MyDocuments() {
  const { t } = useTranslation('documents');
  const documents = useMyDocuments();
  if (documents.isPending)
    return <SkeletonCards label={t('learner.loading')} count={2} bars={['w-1/3', 'w-2/3']} />;
  if (documents.isError)
    return (
      <LoadErrorAlert
        error={documents.error}
        title={t('learner.error')}
        retryLabel={t('retry')}
        onRetry={() => documents.refetch()}
      />
    );
  return <LearnerDocumentsView data={documents.data} />;
}
