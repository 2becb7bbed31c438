import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { FormationOption } from '../api/get-formation-options';
import type { LearnerOption } from '../api/get-learner-options';
import type { ConnectionLogFilterValues } from '../lib/connection-log-filters';

export interface ConnectionLogFiltersProps {
  values: ConnectionLogFilterValues;
  learners: LearnerOption[];
  formations: FormationOption[];
  datesInOrder: boolean;
  onChange: (changes: Partial<ConnectionLogFilterValues>) => void;
}

/** Labelled native controls: keyboard, screen readers and mobile pickers (dates included) just work. */
export function ConnectionLogFilters({
  values,
  learners,
  formations,
  datesInOrder,
  onChange,
}: ConnectionLogFiltersProps) {
  const { t } = useTranslation('connectionLogs');
  const id = useId();
  const errorId = `${id}-dates-error`;
  // A learner or formation named in the address but not (or no longer) offered still shows as chosen.
  const learnerOptions =
    values.studentId && !learners.some((learner) => learner.id === values.studentId)
      ? [...learners, { id: values.studentId, name: values.studentId, email: '' }]
      : learners;
  const formationOptions =
    values.courseId && !formations.some((formation) => formation.id === values.courseId)
      ? [...formations, { id: values.courseId, title: values.courseId }]
      : formations;
  return (
    <FilterBar label={t('filters.label')} className="lg:grid-cols-[2fr_2fr_1fr_1fr]">
      <FilterField label={t('filters.learner')} htmlFor={`${id}-learner`} className="min-w-0">
        <Select
          id={`${id}-learner`}
          value={values.studentId}
          onChange={(event) => onChange({ studentId: event.target.value })}
        >
          <option value="">{t('filters.allLearners')}</option>
          {learnerOptions.map((learner) => (
            <option key={learner.id} value={learner.id}>
              {learner.email ? `${learner.name} (${learner.email})` : learner.name}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label={t('filters.formation')} htmlFor={`${id}-formation`} className="min-w-0">
        <Select
          id={`${id}-formation`}
          value={values.courseId}
          onChange={(event) => onChange({ courseId: event.target.value })}
        >
          <option value="">{t('filters.allFormations')}</option>
          {formationOptions.map((formation) => (
            <option key={formation.id} value={formation.id}>
              {formation.title}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label={t('filters.from')} htmlFor={`${id}-from`} className="min-w-0">
        <Input
          id={`${id}-from`}
          type="date"
          value={values.from}
          max={values.to || undefined}
          aria-invalid={datesInOrder ? undefined : true}
          aria-describedby={datesInOrder ? undefined : errorId}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </FilterField>
      <FilterField label={t('filters.to')} htmlFor={`${id}-to`} className="min-w-0">
        <Input
          id={`${id}-to`}
          type="date"
          value={values.to}
          min={values.from || undefined}
          aria-invalid={datesInOrder ? undefined : true}
          aria-describedby={datesInOrder ? undefined : errorId}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </FilterField>
      {!datesInOrder && (
        <p id={errorId} role="alert" className="text-sm text-danger sm:col-span-2 lg:col-span-4">
          {t('filters.datesOutOfOrder')}
        </p>
      )}
    </FilterBar>
  );
}
