import type { Course } from '@cursus/contracts';
import { Archive, ArchiveRestore, Copy, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { type CourseStateAction, useChangeCourseState } from '../api/change-course-state';
import { useDuplicateCourse } from '../api/duplicate-course';
import type { ActionsMenuItem } from './actions-menu';

export interface CourseActionsOptions {
  /** Asks before deleting, e.g. by opening the confirmation dialog. */
  onDelete: () => void;
  onDuplicated?: (copyId: string) => void;
}

/**
 * The state changes and duplication offered on a formation, from the list's row and the editor's
 * header alike: each says how it went in a toast.
 */
export function useCourseActions(
  course: Pick<Course, 'id' | 'title' | 'isArchived'>,
  { onDelete, onDuplicated }: CourseActionsOptions,
) {
  const { t } = useTranslation('courses');
  const changeState = useChangeCourseState();
  const duplicate = useDuplicateCourse();

  const run = async (action: CourseStateAction) => {
    try {
      await changeState.mutateAsync({ courseId: course.id, action });
      notify.success(t(`actions.success.${action}`, { title: course.title }));
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  const onDuplicate = async () => {
    try {
      const copy = await duplicate.mutateAsync(course.id);
      notify.success(t('actions.success.duplicate', { title: copy.title }));
      onDuplicated?.(copy.id);
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  // Both menus end with these; the header shows lock as a button, so the row adds its own lock item.
  const menuItems: ActionsMenuItem[] = [
    { id: 'duplicate', label: t('actions.duplicate'), icon: Copy, onSelect: onDuplicate },
    course.isArchived
      ? {
          id: 'unarchive',
          label: t('actions.unarchive'),
          icon: ArchiveRestore,
          onSelect: () => run('unarchive'),
        }
      : { id: 'archive', label: t('actions.archive'), icon: Archive, onSelect: () => run('archive') },
    { id: 'delete', label: t('actions.delete'), icon: Trash2, onSelect: onDelete, isDanger: true },
  ];

  return { run, menuItems, changeState, duplicate };
}
