import { DEFAULT_PAGE_SIZE, type Enrollment, progressCountsQuizzes } from '@cursus/contracts';
import { Search, UserMinus, UserPlus, Users } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmailAddress } from '@/components/ui/email-address';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Pagination } from '@/components/ui/pagination';
import { ProgressBar } from '@/components/ui/progress-bar';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useEnrollments } from '../api/get-enrollments';
import { useUnenrollStudent } from '../api/unenroll-student';
import { formatDate, formatPercent } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { EnrollStudentsDialog } from './enroll-students-dialog';
import { ListSkeleton } from './list-skeleton';

export interface EnrollmentPanelProps {
  courseId: string;
  courseTitle: string;
}

function EnrollmentRow({ enrollment, onRemove }: { enrollment: Enrollment; onRemove: () => void }) {
  const { t } = useTranslation('courses');
  const language = getLanguage();
  const name = enrollment.fullName || enrollment.email;
  const lessonsDone = t('enrollments.lessons', {
    count: enrollment.completedLessons,
    total: enrollment.totalLessons,
  });
  const lessons = progressCountsQuizzes(
    enrollment.progress,
    enrollment.completedLessons,
    enrollment.totalLessons,
  )
    ? t('enrollments.withQuizzes', { lessons: lessonsDone })
    : lessonsDone;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium break-words text-foreground">{name}</span>
        {enrollment.fullName && (
          <EmailAddress address={enrollment.email} className="text-sm text-muted-foreground" />
        )}
        <span className="text-xs text-muted-foreground">
          {t('enrollments.enrolledAt', { date: formatDate(enrollment.enrolledAt, language) })}
          {enrollment.lastCompletedAt &&
            ` · ${t('enrollments.lastCompletedAt', { date: formatDate(enrollment.lastCompletedAt, language) })}`}
        </span>
      </div>
      <div className="flex w-full flex-col gap-1.5 sm:w-72">
        <div className="flex justify-between gap-2 text-sm">
          <span className="font-medium text-foreground tabular-nums">
            {formatPercent(enrollment.progress, language)}
          </span>
          <span className="text-muted-foreground">{lessons}</span>
        </div>
        <ProgressBar
          value={enrollment.progress}
          label={t('enrollments.progressLabel', { name })}
          valueText={`${formatPercent(enrollment.progress, language)}, ${lessons}`}
        />
      </div>
      <Button variant="ghost" size="sm" className="self-start text-danger! sm:self-center" onClick={onRemove}>
        <UserMinus aria-hidden="true" className="size-4" />
        {t('enrollments.remove')}
        <span className="sr-only">{name}</span>
      </Button>
    </li>
  );
}

/** The formation's learners with their progress (0 to 100 %), enrolment and removal. */
export function EnrollmentPanel({ courseId, courseTitle }: EnrollmentPanelProps) {
  const { t } = useTranslation('courses');
  const searchId = useId();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [page, setPage] = useState(1);
  const [isEnrolling, setIsEnrolling] = useState(false);
  const [toRemove, setToRemove] = useState<Enrollment | null>(null);
  const enrollments = useEnrollments(courseId, {
    search: debouncedSearch.trim() || undefined,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const unenroll = useUnenrollStudent(courseId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled search text resets the page.
  useEffect(() => setPage(1), [debouncedSearch]);

  const onRemove = async () => {
    if (!toRemove) return;
    try {
      await unenroll.mutateAsync(toRemove.studentId);
      notify.success(t('enrollments.removed', { name: toRemove.fullName || toRemove.email }));
      setToRemove(null);
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  const renderList = () => {
    if (enrollments.isPending) return <ListSkeleton rows={3} label={t('enrollments.loading')} />;
    if (enrollments.isError)
      return (
        <LoadErrorAlert
          error={enrollments.error}
          retryLabel={t('actions.retry')}
          onRetry={() => enrollments.refetch()}
        />
      );
    const { items, total, pageSize } = enrollments.data;
    if (items.length === 0)
      return debouncedSearch.trim() ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('enrollments.noMatch')}</p>
      ) : (
        <EmptyState
          icon={Users}
          title={t('enrollments.emptyTitle')}
          description={t('enrollments.emptyDescription')}
          action={
            <Button onClick={() => setIsEnrolling(true)}>
              <UserPlus aria-hidden="true" className="size-4" />
              {t('enrollments.enroll')}
            </Button>
          }
        />
      );
    return (
      <>
        <p className="text-sm text-muted-foreground">{t('enrollments.total', { count: total })}</p>
        <Card
          as="ul"
          padding="p-0"
          isFlat
          aria-label={t('enrollments.listLabel')}
          className="flex flex-col divide-y divide-border"
        >
          {items.map((enrollment) => (
            <EnrollmentRow
              key={enrollment.studentId}
              enrollment={enrollment}
              onRemove={() => setToRemove(enrollment)}
            />
          ))}
        </Card>
        <Pagination
          page={page}
          pageSize={pageSize}
          total={total}
          label={t('enrollments.pagesLabel')}
          onPageChange={setPage}
        />
      </>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-48 flex-1 flex-col gap-1.5 sm:max-w-sm">
          <Label htmlFor={searchId}>{t('enrollments.search')}</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <Button onClick={() => setIsEnrolling(true)}>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('enrollments.enroll')}
        </Button>
      </div>
      {renderList()}
      {isEnrolling && (
        <EnrollStudentsDialog
          courseId={courseId}
          courseTitle={courseTitle}
          onClose={() => setIsEnrolling(false)}
        />
      )}
      {toRemove && (
        <ConfirmDialog
          title={t('enrollments.removeTitle')}
          description={t('enrollments.removeDescription', {
            name: toRemove.fullName || toRemove.email,
            title: courseTitle,
          })}
          confirmLabel={t('enrollments.removeConfirm')}
          isPending={unenroll.isPending}
          onConfirm={onRemove}
          onClose={() => setToRemove(null)}
        />
      )}
    </div>
  );
}
