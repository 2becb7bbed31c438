import type { Exercise, SubmissionStatus } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

export function formatDateTime(iso: string) {
  return dateTimeFormat(getLanguage(), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

const STATUS_VARIANTS: Record<SubmissionStatus | 'notSubmitted', BadgeVariant> = {
  notSubmitted: 'neutral',
  submitted: 'info',
  reviewed: 'success',
  to_redo: 'warning',
};

export function StatusBadge({ status }: { status: SubmissionStatus | 'notSubmitted' }) {
  const { t } = useTranslation('exercises');
  return <Badge variant={STATUS_VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}

/** Where the exercise sits: its formation, and its module or the whole formation. */
export function ExercisePlace({ exercise }: { exercise: Exercise }) {
  const { t } = useTranslation('exercises');
  return (
    <p className="text-sm text-muted-foreground">
      {exercise.moduleTitle
        ? t('exercise.place', { course: exercise.courseTitle, module: exercise.moduleTitle })
        : t('exercise.wholeCourse', { course: exercise.courseTitle })}
    </p>
  );
}

export function DueDate({ exercise, isDone, now }: { exercise: Exercise; isDone: boolean; now: Date }) {
  const { t } = useTranslation('exercises');
  if (!exercise.dueAt)
    return <span className="text-xs text-muted-foreground">{t('exercise.noDueDate')}</span>;
  const isOverdue = !isDone && new Date(exercise.dueAt) < now;
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      {t('exercise.due', { date: formatDateTime(exercise.dueAt) })}
      {isOverdue && <Badge variant="danger">{t('exercise.overdue')}</Badge>}
    </span>
  );
}

export const ACCEPTS_KEYS = {
  text: 'exercise.acceptsText',
  file: 'exercise.acceptsFile',
  text_or_file: 'exercise.acceptsEither',
} as const;
