import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showErrorOnFields, zodFormOptions } from '@/lib/form-errors';
import {
  type CourseSheetFormOutput,
  CourseSheetFormSchema,
  type CourseSheetFormValues,
} from '../lib/course-sheet-form';

// The server names the price `priceCents`, which no input shows: its errors go above the form.
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
  'startsOn',
  'endsOn',
] as const;

/**
 * The programme sheet's form, at creation and in the editor alike: `save` sends it, the server's
 * errors land under their fields, and any other error in `error` for the form to show above itself.
 */
export function useCourseSheetForm(
  defaultValues: CourseSheetFormValues,
  save: (values: CourseSheetFormOutput) => Promise<void>,
) {
  const [error, setError] = useState<unknown>(null);
  const form = useForm<CourseSheetFormValues, unknown, CourseSheetFormOutput>({
    resolver: zodResolver(CourseSheetFormSchema, zodFormOptions),
    defaultValues,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save(values);
    } catch (caught) {
      if (!showErrorOnFields(caught, form.setError, { fields: SERVER_FIELDS })) setError(caught);
    }
  });

  return { form, error, onSubmit };
}
