import type { Progression } from '@cursus/contracts';
import { CircleCheck, TrendingUp } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { getLanguage } from '@/lib/i18n';
import { useProgression } from '../api/get-progression';
import { formatDateTime, formatPercent, formatRecentDate } from '../lib/format';
import { CourseProgress, CourseStatusBadge } from './course-progress';
import { LoadError, NoOrganizationNotice, SkeletonBlocks } from './learning-states';

/** `/progression`: totals, progress by formation and by module, and the latest completed lessons. */
export function ProgressionOverview({ hasOrganization }: { hasOrganization: boolean }) {
  const { t } = useTranslation('learning');
  const query = useProgression({ enabled: hasOrganization });

  if (!hasOrganization || isApiError(query.error, 'NO_ORGANIZATION')) return <NoOrganizationNotice />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <SkeletonBlocks
        label={t('progression.loading')}
        count={3}
        className="grid grid-cols-1 gap-4 lg:grid-cols-2"
      />
    );
  }
  const progression = query.data;
  if (progression.courses.length === 0) {
    return (
      <EmptyState
        icon={TrendingUp}
        title={t('progression.emptyTitle')}
        description={t('progression.emptyDescription')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <ProgressionSummary progression={progression} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <CourseBreakdown courses={progression.courses} />
        <RecentCompletions completions={progression.recentCompletions} />
      </div>
    </div>
  );
}

function ProgressionSummary({ progression }: { progression: Progression }) {
  const { t } = useTranslation('learning');
  const language = getLanguage();
  const headingId = useId();
  const { summary } = progression;
  const totalLessons = progression.courses.reduce((sum, course) => sum + course.totalLessons, 0);
  const stats: [label: string, value: string, bar?: number][] = [
    [t('progression.courses'), String(summary.courseCount)],
    [t('progression.completedCourses'), String(summary.completedCourseCount)],
    [
      t('progression.lessons'),
      t('progression.lessonsValue', { completed: summary.completedLessonCount, total: totalLessons }),
      totalLessons > 0 ? (summary.completedLessonCount / totalLessons) * 100 : 0,
    ],
    [
      t('progression.averageProgress'),
      formatPercent(summary.averageProgress, language),
      summary.averageProgress,
    ],
  ];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {t('progression.summaryHeading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map(([label, value, bar]) => (
          <Card padding="p-4" key={label} className="flex flex-col gap-2">
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className="flex flex-col gap-2">
              <span className="text-2xl font-semibold text-foreground tabular-nums">{value}</span>
              {bar !== undefined && <ProgressBar value={bar} label={label} size="sm" valueText={value} />}
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

function CourseBreakdown({ courses }: { courses: Progression['courses'] }) {
  const { t } = useTranslation('learning');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {t('progression.byCourse')}
      </h2>
      {courses.map((course) => (
        <Card as="article" padding="p-5" key={course.courseId} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 font-semibold break-words text-foreground">
              {course.isLocked ? (
                course.title
              ) : (
                <Link
                  to={paths.student.formation.getHref(course.courseId)}
                  className={cn('rounded-sm hover:underline', FOCUS_RING)}
                >
                  {course.title}
                </Link>
              )}
            </h3>
            <CourseStatusBadge course={course} />
          </div>
          <CourseProgress
            title={course.title}
            progress={course.progress}
            completedLessons={course.completedLessons}
            totalLessons={course.totalLessons}
          />
          {course.modules.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('progression.noModules')}</p>
          ) : (
            <ul
              aria-label={t('progression.modulesOf', { title: course.title })}
              className="flex flex-col gap-3 border-t border-border pt-4"
            >
              {course.modules.map((module) => (
                <li key={module.moduleId} className="flex flex-col gap-1.5">
                  <span className="text-sm break-words text-foreground">{module.title}</span>
                  <CourseProgress
                    title={module.title}
                    size="sm"
                    progress={module.progress}
                    completedLessons={module.completedLessons}
                    totalLessons={module.totalLessons}
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>
      ))}
    </section>
  );
}

function RecentCompletions({ completions }: { completions: Progression['recentCompletions'] }) {
  const { t } = useTranslation('learning');
  const language = getLanguage();
  const headingId = useId();
  const now = new Date();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {t('progression.recent')}
      </h2>
      {completions.length === 0 ? (
        <Card as="p" padding="p-5" isFlat className="border-dashed text-sm text-muted-foreground">
          {t('progression.recentEmpty')}
        </Card>
      ) : (
        <Card as="ol" padding="p-0" className="flex flex-col divide-y divide-border">
          {completions.map((completion) => (
            <li key={`${completion.lessonId}-${completion.completedAt}`} className="flex gap-3 p-4">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-foreground" />
              <div className="flex min-w-0 flex-col gap-0.5">
                <Link
                  to={paths.student.lesson.getHref(
                    completion.courseId,
                    completion.moduleId,
                    completion.lessonId,
                  )}
                  className={cn(
                    'rounded-sm text-sm font-medium break-words text-foreground hover:underline',
                    FOCUS_RING,
                  )}
                >
                  {completion.lessonTitle}
                </Link>
                <span className="text-xs break-words text-muted-foreground">{completion.courseTitle}</span>
                <time
                  dateTime={completion.completedAt}
                  title={formatDateTime(completion.completedAt, language)}
                  className="text-xs text-muted-foreground"
                >
                  {formatRecentDate(completion.completedAt, now, language)}
                </time>
              </div>
            </li>
          ))}
        </Card>
      )}
    </section>
  );
}
