import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { useLearnerDocuments } from '../api/documents';
import { type DocumentAction, DocumentActionDialog, DocumentFormDialog } from './document-dialogs';
import { LearnerDocumentsView } from './learner-documents-view';

/**
 * A learner's documents on their record, for staff: what the learner sees, and documents uploaded
 * for them alone (a signed convention, a convocation of the organisation's own), to add or manage.
 */
export function LearnerDocuments({ studentId }: { studentId: string }) {
  const { t } = useTranslation('documents');
  const documents = useLearnerDocuments(studentId);
  const [isCreating, setIsCreating] = useState(false);
  const [action, setAction] = useState<DocumentAction | null>(null);
  const courses = (documents.data?.enrolments ?? []).map((enrolment) => ({
    id: enrolment.courseId,
    title: enrolment.courseTitle,
  }));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button variant="secondary" onClick={() => setIsCreating(true)} disabled={!documents.data}>
          <Plus aria-hidden="true" className="size-4" />
          {t('actions.addForLearner')}
        </Button>
      </div>
      {documents.isPending && (
        <SkeletonCards label={t('learner.loading')} count={2} bars={['w-1/3', 'w-2/3']} />
      )}
      {documents.isError && (
        <LoadErrorAlert
          error={documents.error}
          title={t('learner.error')}
          retryLabel={t('retry')}
          onRetry={() => documents.refetch()}
        />
      )}
      {documents.data && <LearnerDocumentsView data={documents.data} onAction={setAction} />}
      {isCreating && (
        <DocumentFormDialog learnerId={studentId} courses={courses} onClose={() => setIsCreating(false)} />
      )}
      <DocumentActionDialog
        action={action}
        courses={courses}
        learnerId={studentId}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
