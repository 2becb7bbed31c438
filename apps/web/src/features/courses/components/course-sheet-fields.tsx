import { COURSE_MODALITIES } from '@cursus/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { translateFieldError } from '@/lib/form-errors';
import type { CourseSheetFormOutput, CourseSheetFormValues } from '../lib/course-sheet-form';

const LONG_TEXT_FIELDS = [
  'description',
  'objectives',
  'prerequisites',
  'audience',
  'teachingMethods',
  'assessmentMethods',
  'accessibility',
] as const;

export interface CourseSheetFieldsProps {
  form: UseFormReturn<CourseSheetFormValues, unknown, CourseSheetFormOutput>;
}

/**
 * The programme sheet a French training organisation publishes and Qualiopi auditors read:
 * identity, then objectives, public, duration, modality, methods, accessibility and price.
 */
export function CourseSheetFields({ form }: CourseSheetFieldsProps) {
  const { t } = useTranslation('courses');
  const { errors } = form.formState;
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-5 md:grid-cols-[2fr_1fr]">
        <Field label={t('sheet.fields.title')} error={translateFieldError(errors.title?.message)}>
          {(control) => (
            <Input {...control} aria-required="true" autoComplete="off" {...form.register('title')} />
          )}
        </Field>
        <Field
          label={t('sheet.fields.category')}
          description={t('sheet.hints.category')}
          error={translateFieldError(errors.category?.message)}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('category')} />}
        </Field>
      </div>
      {LONG_TEXT_FIELDS.map((name) => (
        <Field
          key={name}
          label={t(`sheet.fields.${name}`)}
          description={t(`sheet.hints.${name}`)}
          error={translateFieldError(errors[name]?.message)}
        >
          {(control) => (
            <Textarea {...control} rows={name === 'description' ? 4 : 3} {...form.register(name)} />
          )}
        </Field>
      ))}
      <div className="grid gap-5 sm:grid-cols-3">
        <Field
          label={t('sheet.fields.durationHours')}
          description={t('sheet.hints.durationHours')}
          error={translateFieldError(errors.durationHours?.message)}
        >
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('durationHours')} />
          )}
        </Field>
        <Field label={t('sheet.fields.modality')} error={translateFieldError(errors.modality?.message)}>
          {(control) => (
            <Select {...control} {...form.register('modality')}>
              <option value="">{t('sheet.modalityNone')}</option>
              {COURSE_MODALITIES.map((modality) => (
                <option key={modality} value={modality}>
                  {t(`modality.${modality}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('sheet.fields.price')}
          description={t('sheet.hints.price')}
          error={translateFieldError(errors.price?.message)}
        >
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('price')} />
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field
          label={t('sheet.fields.startsOn')}
          description={t('sheet.hints.startsOn')}
          error={translateFieldError(errors.startsOn?.message)}
        >
          {(control) => <Input {...control} type="date" {...form.register('startsOn')} />}
        </Field>
        <Field label={t('sheet.fields.endsOn')} error={translateFieldError(errors.endsOn?.message)}>
          {(control) => <Input {...control} type="date" {...form.register('endsOn')} />}
        </Field>
      </div>
    </div>
  );
}
