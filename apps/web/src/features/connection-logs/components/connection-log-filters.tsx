import { CONNECTION_LOG_MAX_RANGE_DAYS } from '@cursus/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { CourseOption } from '../api/get-course-options';
import type { StudentOption } from '../api/get-student-options';
import type { ConnectionLogFilterValues } from '../lib/connection-log-filters';

export interface ConnectionLogFiltersProps {
  values: ConnectionLogFilterValues;
  students: StudentOption[];
  courses: CourseOption[];
  /** What is wrong with the chosen days (a message key), or null. */
  datesError: 'datesOutOfOrder' | 'rangeTooLong' | null;
  onChange: (changes: Partial<ConnectionLogFilterValues>) => void;
}

/** Labelled native controls: keyboard, screen readers and mobile pickers (dates included) just work. */
export function ConnectionLogFilters({
  values,
  students,
  courses,
  datesError,
  onChange,
}: ConnectionLogFiltersProps) {
  const { t } = useTranslation('connectionLogs');
  const id = useId();
  const errorId = `${id}-dates-error`;
  // A learner or formation named in the address but not (or no longer) offered still shows as chosen.
  const studentOptions =
    values.studentId && !students.some((student) => student.id === values.studentId)
      ? [...students, { id: values.studentId, name: values.studentId, email: '' }]
      : students;
  const courseOptions =
    values.courseId && !courses.some((course) => course.id === values.courseId)
      ? [...courses, { id: values.courseId, title: values.courseId }]
      : courses;
  return (
    <FilterBar label={t('filters.label')} className="lg:grid-cols-[2fr_2fr_1fr_1fr]">
      <FilterField label={t('filters.learner')} htmlFor={`${id}-student`} className="min-w-0">
        <Select
          id={`${id}-student`}
          value={values.studentId}
          onChange={(event) => onChange({ studentId: event.target.value })}
        >
          <option value="">{t('filters.allStudents')}</option>
          {studentOptions.map((student) => (
            <option key={student.id} value={student.id}>
              {student.email ? `${student.name} (${student.email})` : student.name}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label={t('filters.formation')} htmlFor={`${id}-course`} className="min-w-0">
        <Select
          id={`${id}-course`}
          value={values.courseId}
          onChange={(event) => onChange({ courseId: event.target.value })}
        >
          <option value="">{t('filters.allFormations')}</option>
          {courseOptions.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
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
          aria-invalid={datesError ? true : undefined}
          aria-describedby={datesError ? errorId : undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </FilterField>
      <FilterField label={t('filters.to')} htmlFor={`${id}-to`} className="min-w-0">
        <Input
          id={`${id}-to`}
          type="date"
          value={values.to}
          min={values.from || undefined}
          aria-invalid={datesError === 'datesOutOfOrder' ? true : undefined}
          aria-describedby={datesError ? errorId : undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </FilterField>
      {datesError && (
        <p id={errorId} role="alert" className="text-sm text-danger sm:col-span-2 lg:col-span-4">
          {t(`filters.${datesError}`, { days: CONNECTION_LOG_MAX_RANGE_DAYS })}
        </p>
      )}
    </FilterBar>
  );
}
