import type { CourseDetail } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useUpdateCourse } from '../api/update-course';
import { toCourseSheetValues } from '../lib/course-sheet-form';
import { CourseSheetFields } from './course-sheet-fields';
import { useCourseSheetForm } from './use-course-sheet-form';

/** The editor's programme-sheet tab: the same fields as at creation, saved together. */
export function CourseSheetForm({ course }: { course: CourseDetail }) {
  const { t } = useTranslation('courses');
  const updateCourse = useUpdateCourse(course.id);
  const { form, error, onSubmit } = useCourseSheetForm(
    toCourseSheetValues(course, getLanguage()),
    async (values) => {
      const saved = await updateCourse.mutateAsync(values);
      form.reset(toCourseSheetValues(saved, getLanguage()));
      notify.success(t('sheet.saved'));
    },
  );
  const { isDirty, isSubmitting } = form.formState;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      <CourseSheetFields form={form} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={isSubmitting}>
          {t('actions.save')}
        </Button>
        {isDirty && (
          <>
            <Button variant="ghost" onClick={() => form.reset()}>
              {t('sheet.discard')}
            </Button>
            <p className="text-sm text-muted-foreground" role="status">
              {t('lesson.unsaved')}
            </p>
          </>
        )}
      </div>
    </form>
  );
}
