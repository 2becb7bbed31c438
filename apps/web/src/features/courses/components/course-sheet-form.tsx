import type { CourseDetail } from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, zodFormOptions } from '@/lib/form-errors';
import { getLanguage } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useUpdateCourse } from '../api/update-course';
import {
  type CourseSheetFormOutput,
  CourseSheetFormSchema,
  type CourseSheetFormValues,
  toCourseSheetValues,
} from '../lib/course-sheet-form';
import { CourseSheetFields } from './course-sheet-fields';

const SERVER_FIELDS = [
  'title',
  'category',
  'description',
  'objectives',
  'prerequisites',
  'audience',
  'durationHours',
  'modality',
  'teachingMethods',
  'assessmentMethods',
  'accessibility',
] as const;

/** The editor's programme-sheet tab: the same fields as at creation, saved together. */
export function CourseSheetForm({ course }: { course: CourseDetail }) {
  const { t } = useTranslation('courses');
  const [error, setError] = useState<unknown>(null);
  const updateCourse = useUpdateCourse(course.id);
  const form = useForm<CourseSheetFormValues, unknown, CourseSheetFormOutput>({
    resolver: zodResolver(CourseSheetFormSchema, zodFormOptions),
    defaultValues: toCourseSheetValues(course, getLanguage()),
  });
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await updateCourse.mutateAsync(values);
      form.reset(toCourseSheetValues(saved, getLanguage()));
      notify.success(t('sheet.saved'));
    } catch (caught) {
      if (!showErrorOnFields(caught, form.setError, { fields: SERVER_FIELDS })) setError(caught);
    }
  });

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
