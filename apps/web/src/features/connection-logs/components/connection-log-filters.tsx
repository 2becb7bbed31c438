import { CONNECTION_LOG_MAX_RANGE_DAYS } from '@cursus/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Select } from '@/components/ui/select';
import type { CourseOption } from '../api/get-course-options';
import type { StudentOption } from '../api/get-student-options';
import type { ConnectionLogFilterValues } from '../lib/connection-log-filters';

export interface ConnectionLogFiltersProps {
  values: ConnectionLogFilterValues;
  students: StudentOption[];
  courses: CourseOption[];
  /** What is wrong with the chosen days, or null. */
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
      <DateRangeFields
        from={values.from}
        to={values.to}
        onChange={onChange}
        error={
          datesError === 'rangeTooLong'
            ? t('filters.rangeTooLong', { days: CONNECTION_LOG_MAX_RANGE_DAYS })
            : null
        }
      />
    </FilterBar>
  );
}
