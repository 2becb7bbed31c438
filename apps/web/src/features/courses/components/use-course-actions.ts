import type { Course } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { type CourseStateAction, useChangeCourseState } from '../api/change-course-state';
import { useDuplicateCourse } from '../api/duplicate-course';

/**
 * The state changes and duplication offered on a formation, from the list's row and the editor's
 * header alike: each says how it went in a toast.
 */
export function useCourseActions(
  course: Pick<Course, 'id' | 'title'>,
  onDuplicated?: (copyId: string) => void,
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

  return { run, onDuplicate, changeState, duplicate };
}
