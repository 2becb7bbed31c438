import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';

export interface CourseOption {
  id: string;
  title: string;
}

/** Formations to enrol new learners in: optional, any number, in a scrolling group of checkboxes. */
export function CoursePicker({
  courses,
  selected,
  onChange,
  disabled = false,
}: {
  courses: readonly CourseOption[];
  selected: readonly string[];
  onChange: (courseIds: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('learners');
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-foreground">{t('courses.legend')}</legend>
      {courses.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('courses.none')}</p>
      ) : (
        <div className="flex max-h-48 flex-col gap-2 overflow-y-auto rounded-md border border-border p-3">
          {courses.map((course) => (
            <Checkbox
              key={course.id}
              label={course.title}
              checked={selected.includes(course.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, course.id]
                    : selected.filter((courseId) => courseId !== course.id),
                )
              }
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
