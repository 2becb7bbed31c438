import type { Course } from '@cursus/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useChangeCourseState } from '../api/change-course-state';
import { useDeleteCourse } from '../api/delete-course';

export interface DeleteCourseDialogProps {
  course: Pick<Course, 'id' | 'title'>;
  onClose: () => void;
  /** After the formation is gone, e.g. to leave its editor. */
  onDeleted?: () => void;
}

/**
 * Deletes a formation after a confirmation. SPEC 8's 23503: one with learners or progress cannot
 * be deleted (LINKED_DATA); the dialog then says so and offers to archive it instead.
 */
export function DeleteCourseDialog({ course, onClose, onDeleted }: DeleteCourseDialogProps) {
  const { t } = useTranslation(['courses', 'errors']);
  const [error, setError] = useState<unknown>(null);
  const [hasLinkedData, setHasLinkedData] = useState(false);
  const archiveRef = useRef<HTMLButtonElement>(null);
  const deleteCourse = useDeleteCourse();
  const changeState = useChangeCourseState();

  const onDelete = async () => {
    setError(null);
    try {
      await deleteCourse.mutateAsync(course.id);
      notify.success(t('delete.success', { title: course.title }));
      onClose();
      onDeleted?.();
    } catch (caught) {
      if (isApiError(caught, 'LINKED_DATA')) setHasLinkedData(true);
      else setError(caught);
    }
  };

  const onArchive = async () => {
    setError(null);
    try {
      await changeState.mutateAsync({ courseId: course.id, action: 'archive' });
      notify.success(t('actions.success.archive', { title: course.title }));
      onClose();
    } catch (caught) {
      setError(caught);
    }
  };

  if (hasLinkedData) {
    return (
      <Dialog
        role="alertdialog"
        size="sm"
        title={t('delete.linkedTitle')}
        closeLabel={t('actions.close')}
        onClose={onClose}
        initialFocusRef={archiveRef}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button ref={archiveRef} isLoading={changeState.isPending} onClick={onArchive}>
              {t('delete.archiveInstead')}
            </Button>
          </>
        }
      >
        <Alert variant="warning" title={t('errors:LINKED_DATA')}>
          {t('delete.linkedDescription', { title: course.title })}
        </Alert>
        {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      </Dialog>
    );
  }

  return (
    <ConfirmDialog
      title={t('delete.title')}
      description={t('delete.description', { title: course.title })}
      confirmLabel={t('delete.confirm')}
      onConfirm={onDelete}
      onClose={onClose}
      isPending={deleteCourse.isPending}
    >
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
    </ConfirmDialog>
  );
}
