import type { StudentCourse } from '@cursus/contracts';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { CourseProgress, CourseStatusBadge } from './course-progress';

export interface CourseCardProps {
  course: StudentCourse;
  /** The level of the card's title, so headings stay in order wherever the card is shown. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * One enrolled formation. The whole card opens it (the title's link stretches over it); a locked
 * one stays visible but closed: no link, a lock and why (SPEC 3 is_locked).
 */
export function CourseCard({ course, headingLevel: Heading = 'h2' }: CourseCardProps) {
  const { t } = useTranslation('learning');
  return (
    <Card
      as="article"
      padding="p-5"
      className={cn(
        'relative flex h-full flex-col gap-3 transition-colors',
        course.isLocked ? 'border-dashed' : 'hover:border-primary/60',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 truncate text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {course.category}
        </p>
        <CourseStatusBadge course={course} />
      </div>
      <Heading className="text-base font-semibold break-words text-foreground">
        {course.isLocked ? (
          course.title
        ) : (
          <Link
            to={paths.student.formation.getHref(course.id)}
            className={cn(
              'rounded-sm after:absolute after:inset-0 after:rounded-xl hover:underline',
              FOCUS_RING,
            )}
          >
            {course.title}
          </Link>
        )}
      </Heading>
      {course.description && (
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted-foreground">
          {course.description}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        {course.organizationName} · {t('list.lessonCount', { count: course.totalLessons })}
      </p>
      <div className="mt-auto flex flex-col gap-3 pt-1">
        <CourseProgress
          title={course.title}
          progress={course.progress}
          completedLessons={course.completedLessons}
          totalLessons={course.totalLessons}
        />
        {course.isLocked && (
          <p className="flex items-start gap-2 rounded-md bg-warning-surface p-2 text-xs text-warning-foreground">
            <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            {t('list.lockedExplanation')}
          </p>
        )}
      </div>
    </Card>
  );
}
