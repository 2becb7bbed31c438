import { MAX_PAGE_SIZE, type StudentCourse } from '@cursus/contracts';
import { BookOpen } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';
import { useStudentCourses } from '../api/get-student-courses';
import { getCourseStatus } from '../lib/course-progress';
import { formatPercent } from '../lib/format';
import { CourseCard } from './course-card';
import { LoadError, NoOrganizationNotice, SkeletonBlocks } from './learning-states';

/** The most recently followed first; formations never opened keep their enrolment order. */
function byLastActivity(a: StudentCourse, b: StudentCourse): number {
  return (b.lastActivityAt ?? b.enrolledAt).localeCompare(a.lastActivityAt ?? a.enrolledAt);
}

/**
 * SPEC 2 "Mon Suivi": the learner's active and completed formations with their progress, and the
 * progression score (the mean of the formations' progress). Learning time and recommendations come
 * with the time-tracking issue; nothing is shown for them until then.
 */
export function DashboardCourses() {
  const { t } = useTranslation('learning');
  const query = useStudentCourses({ page: 1, pageSize: MAX_PAGE_SIZE });

  if (isApiError(query.error, 'NO_ORGANIZATION')) return <NoOrganizationNotice />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <SkeletonBlocks
        label={t('dashboard.loading')}
        count={3}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
      />
    );
  }
  const courses = query.data.items;
  if (courses.length === 0) {
    return (
      <EmptyState
        icon={BookOpen}
        title={t('dashboard.emptyTitle')}
        description={t('dashboard.emptyDescription')}
      />
    );
  }
  const completed = courses.filter((course) => getCourseStatus(course) === 'completed').sort(byLastActivity);
  const active = courses.filter((course) => getCourseStatus(course) !== 'completed').sort(byLastActivity);
  const score = Math.round(courses.reduce((sum, course) => sum + course.progress, 0) / courses.length);

  return (
    <div className="flex flex-col gap-8">
      <DashboardSummary activeCount={active.length} completedCount={completed.length} score={score} />
      <CourseSection
        title={t('dashboard.activeTitle')}
        courses={active}
        emptyText={t('dashboard.activeEmpty')}
      />
      <CourseSection
        title={t('dashboard.completedTitle')}
        courses={completed}
        emptyText={t('dashboard.completedEmpty')}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={paths.student.formations.getHref()} className={buttonClassName('secondary')}>
          {t('dashboard.seeAllCourses')}
        </Link>
        <Link to={paths.student.progression.getHref()} className={buttonClassName('secondary')}>
          {t('dashboard.seeProgression')}
        </Link>
      </div>
    </div>
  );
}

function DashboardSummary({
  activeCount,
  completedCount,
  score,
}: {
  activeCount: number;
  completedCount: number;
  score: number;
}) {
  const { t } = useTranslation('learning');
  const headingId = useId();
  const stats: [string, string][] = [
    [t('dashboard.activeCount'), String(activeCount)],
    [t('dashboard.completedCount'), String(completedCount)],
    [t('dashboard.averageProgress'), formatPercent(score, getLanguage())],
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('dashboard.summaryHeading')}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {stats.map(([label, value]) => (
          <Card padding="p-4" key={label} className="flex flex-col gap-1">
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold text-foreground tabular-nums">{value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

function CourseSection({
  title,
  courses,
  emptyText,
}: {
  title: string;
  courses: StudentCourse[];
  emptyText: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {title}
      </h2>
      {courses.length === 0 ? (
        <Card as="p" padding="p-5" isFlat className="border-dashed text-sm text-muted-foreground">
          {emptyText}
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} headingLevel="h3" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
