import {
  CONNECTION_LOG_DEFAULT_RANGE_DAYS,
  type ConnectionLogs as ConnectionLogsPage,
  type StudentConnectionLog,
} from '@cursus/contracts';
import { Users } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DownloadLink } from '@/components/ui/download-link';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { PagedList } from '@/components/ui/paged-list';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { formatDuration } from '@/lib/format-duration';
import { getLanguage } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import { useConnectionLogs } from '../api/get-connection-logs';
import { useCourseOptions } from '../api/get-course-options';
import { useStudentOptions } from '../api/get-student-options';
import {
  type ConnectionLogPageState,
  datesProblem,
  EMPTY_FILTERS,
  getExportHref,
  hasFilters,
  readFilters,
  toQuery,
  writeFilters,
} from '../lib/connection-log-filters';
import { formatDay } from '../lib/format';
import { ConnectionLogFilters } from './connection-log-filters';
import { StudentLog } from './student-log';

/**
 * `/trainer/connection-logs` (issue 5): per learner, sign-ins and tracked sessions, filtered by
 * learner, formation and days, paged, with totals and the CSV export of the same filters. The
 * server keeps a trainer to their own organisation.
 */
export interface ConnectionLogsProps {
  /** Controls shown with each learner (the route composes the time-tracking resets here). */
  renderStudentActions?: (log: StudentConnectionLog) => ReactNode;
  /** Controls shown in a learner's details when a session of theirs is open now (its reset). */
  renderOpenSessionActions?: (log: StudentConnectionLog) => ReactNode;
}

export function ConnectionLogs({ renderStudentActions, renderOpenSessionActions }: ConnectionLogsProps) {
  const { t } = useTranslation('connectionLogs');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const datesError = datesProblem(filters);
  const areDatesValid = datesError === null;
  const query = toQuery(filters);
  const logs = useConnectionLogs(query, { enabled: areDatesValid });
  // A learner's details read the same period and formation as the list.
  const entriesFilters = { courseId: query.courseId, from: query.from, to: query.to };
  const students = useStudentOptions();
  const courses = useCourseOptions();
  const isFiltered = hasFilters(filters);

  const update = (changes: Partial<ConnectionLogPageState>) => {
    // Any new filter starts again from the first page.
    setSearchParams(writeFilters({ ...filters, page: 1, ...changes }), { replace: true });
  };
  const resetFilters = () => setSearchParams(writeFilters({ ...EMPTY_FILTERS, page: 1 }), { replace: true });

  const renderBody = () => {
    if (!areDatesValid) return null;
    if (logs.isPending) return <LogsSkeleton />;
    if (logs.isError)
      return (
        <LoadErrorAlert
          error={logs.error}
          title={t('list.errorTitle')}
          retryLabel={t('list.retry')}
          onRetry={() => logs.refetch()}
        />
      );
    const { items } = logs.data;
    if (items.length === 0) {
      return isFiltered ? (
        <NoMatchState
          title={t('list.noMatchTitle')}
          description={t('list.noMatchDescription')}
          resetLabel={t('filters.reset')}
          onReset={resetFilters}
        />
      ) : (
        <EmptyState icon={Users} title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
      );
    }
    return (
      <PagedList
        query={logs}
        label={t('list.label')}
        summary={
          <div className="flex flex-col gap-3">
            <Period period={logs.data.period} isDefault={!filters.from} />
            <Totals totals={logs.data.totals} />
          </div>
        }
        pagesLabel={t('pagination.label')}
        onPageChange={(next) => update({ page: next })}
      >
        {items.map((log) => (
          <li key={log.studentId} className="min-w-0">
            <StudentLog
              log={log}
              filters={entriesFilters}
              defaultExpanded={items.length === 1}
              actions={renderStudentActions?.(log)}
              openSessionActions={renderOpenSessionActions?.(log)}
            />
          </li>
        ))}
      </PagedList>
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ConnectionLogFilters
        values={filters}
        students={students.data ?? []}
        courses={courses.data ?? []}
        datesError={datesError}
        onChange={update}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <DownloadLink href={areDatesValid ? getExportHref(filters) : null}>
            {t('export.action')}
          </DownloadLink>
          {isFiltered && (
            <Button variant="link" onClick={resetFilters}>
              {t('filters.reset')}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground sm:max-w-sm sm:text-right">{t('export.hint')}</p>
      </div>
      {renderBody()}
    </div>
  );
}

/** The days the server read: the filters', or its default when no start day is chosen. */
function Period({ period, isDefault }: { period: ConnectionLogsPage['period']; isDefault: boolean }) {
  const { t } = useTranslation('connectionLogs');
  const language = getLanguage();
  const values = {
    from: formatDay(period.from, language),
    to: formatDay(period.to, language),
    days: CONNECTION_LOG_DEFAULT_RANGE_DAYS,
  };
  return (
    <p className="text-sm text-muted-foreground">
      {t(isDefault ? 'period.default' : 'period.chosen', values)}
    </p>
  );
}

function Totals({ totals }: { totals: ConnectionLogsPage['totals'] }) {
  const { t } = useTranslation('connectionLogs');
  const headingId = useId();
  const language = getLanguage();
  const number = numberFormat(language);
  const stats: [string, string][] = [
    [t('totals.learners'), number.format(totals.studentCount)],
    [t('totals.signIns'), number.format(totals.signInCount)],
    [t('totals.sessions'), number.format(totals.sessionCount)],
    [t('totals.duration'), formatDuration(totals.totalSeconds, language)],
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('totals.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map(([label, value]) => (
          <Card padding="p-3" key={label} className="flex min-w-0 flex-col gap-1">
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold text-foreground tabular-nums">{value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

function LogsSkeleton() {
  const { t } = useTranslation('connectionLogs');
  return (
    <SkeletonCards
      label={t('list.loading')}
      count={3}
      bars={['h-4 w-1/3 rounded', 'h-3 w-1/2 rounded']}
      className="flex flex-col gap-3"
    />
  );
}
