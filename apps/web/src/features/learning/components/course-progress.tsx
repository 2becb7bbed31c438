import { progressCountsQuizzes } from '@cursus/contracts';
import { CircleCheck, CircleDashed, Lock, PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/cn';
import { getLanguage } from '@/lib/i18n';
import { type CourseStatus, getCourseStatus } from '../lib/course-progress';
import { formatPercent } from '../lib/format';

const BADGE_STYLES: Record<CourseStatus | 'locked', string> = {
  notStarted: 'border-border bg-muted text-foreground',
  inProgress: 'border-info-border bg-info-surface text-info-foreground',
  completed: 'border-success-border bg-success-surface text-success-foreground',
  locked: 'border-warning-border bg-warning-surface text-warning-foreground',
};

const BADGE_ICONS = {
  notStarted: CircleDashed,
  inProgress: PlayCircle,
  completed: CircleCheck,
  locked: Lock,
};

/** 'Non commencée', 'En cours', 'Terminée' or 'Verrouillée', with an icon so colour is not the only cue. */
export function CourseStatusBadge({
  course,
}: {
  course: { progress: number; completedLessons: number; isLocked: boolean };
}) {
  const { t } = useTranslation('learning');
  const status = course.isLocked ? 'locked' : getCourseStatus(course);
  const Icon = BADGE_ICONS[status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        BADGE_STYLES[status],
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`status.${status}`)}
    </span>
  );
}

export interface CourseProgressProps {
  title: string;
  progress: number;
  completedLessons: number;
  totalLessons: number;
  size?: 'sm' | 'md';
  className?: string;
}

/** The bar, the percentage and 'x leçons terminées sur y', read out together by screen readers. */
export function CourseProgress({
  title,
  progress,
  completedLessons,
  totalLessons,
  size = 'md',
  className,
}: CourseProgressProps) {
  const { t } = useTranslation('learning');
  const percent = formatPercent(progress, getLanguage());
  const lessonsDone = t('progress.lessons', { count: completedLessons, total: totalLessons });
  const lessons = progressCountsQuizzes(progress, completedLessons, totalLessons)
    ? t('progress.withQuizzes', { lessons: lessonsDone })
    : lessonsDone;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <ProgressBar
        value={progress}
        size={size}
        label={t('progress.label', { title })}
        valueText={t('progress.valueText', { percent, lessons })}
      />
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted-foreground">
        <span>{lessons}</span>
        <span className="font-semibold text-foreground tabular-nums">{percent}</span>
      </div>
    </div>
  );
}
