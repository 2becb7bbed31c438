import type { CourseDetail } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useCreateCourse } from '../api/create-course';
import { EMPTY_COURSE_SHEET } from '../lib/course-sheet-form';
import { CourseSheetFields } from './course-sheet-fields';
import { useCourseSheetForm } from './use-course-sheet-form';

export interface CreateCourseFormProps {
  /** Receives the new draft, e.g. to open its editor. */
  onCreated: (course: CourseDetail) => void;
}

/** SPEC 5: the title is required; SPEC 3: the category defaults to 'Formation'. */
export function CreateCourseForm({ onCreated }: CreateCourseFormProps) {
  const { t } = useTranslation('courses');
  const createCourse = useCreateCourse();
  const { form, error, onSubmit } = useCourseSheetForm(EMPTY_COURSE_SHEET, async (values) => {
    const course = await createCourse.mutateAsync(values);
    notify.success(t('create.success', { title: course.title }));
    onCreated(course);
  });

  return (
    <Card padding="p-4 sm:p-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
        <p className="text-sm text-muted-foreground">{t('create.intro')}</p>
        <CourseSheetFields form={form} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
