import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_PERIODS,
  type Analytics,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  courseLabel,
  DROPOUT_INACTIVE_DAYS,
} from '@cursus/contracts';
import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { useAnalytics, useCourseOptions } from '../api/analytics';
import { type Formatters, useFormatters } from './format';

// The chart library is most of this page's weight: the figures, definitions and table show at once,
// the charts follow (issue 12: a route loads at most 120 KB before it can be used).
const AnalyticsCharts = lazy(() =>
  import('./analytics-charts').then((module) => ({ default: module.AnalyticsCharts })),
);

const DAY_MS = 86_400_000;

/** A custom period both of whose days are given, in order, over at most ANALYTICS_MAX_DAYS. */
export function isCustomRangeValid(from: string, to: string): boolean {
  if (!from || !to) return false;
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return days >= 1 && days <= ANALYTICS_MAX_DAYS;
}

interface Filters {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  courseId: string;
}

/** What the server is asked: a custom period only once both its days make sense. */
export function toQuery(filters: Filters): AnalyticsQuery | null {
  const courseId = filters.courseId || undefined;
  if (filters.period !== 'custom') return { period: filters.period, courseId };
  if (!isCustomRangeValid(filters.from, filters.to)) return null;
  return { period: 'custom', from: filters.from, to: filters.to, courseId };
}

function FilterBar({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation('analytics');
  const courses = useCourseOptions();
  const isCustom = filters.period === 'custom';
  // Days out of order are the date fields' own message; this is the period over the cap.
  const rangeError =
    isCustom && filters.from && filters.to && !isCustomRangeValid(filters.from, filters.to)
      ? t('filters.tooLong', { count: ANALYTICS_MAX_DAYS })
      : undefined;
  return (
    <Card padding="p-4" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field label={t('filters.period')}>
        {(control) => (
          <Select
            {...control}
            value={filters.period}
            onChange={(event) => onChange({ ...filters, period: event.target.value as AnalyticsPeriod })}
          >
            {ANALYTICS_PERIODS.map((period) => (
              <option key={period} value={period}>
                {t(`filters.periods.${period}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('filters.course')}>
        {(control) => (
          <Select
            {...control}
            value={filters.courseId}
            onChange={(event) => onChange({ ...filters, courseId: event.target.value })}
          >
            <option value="">{t('filters.allCourses')}</option>
            {courses.data?.items.map((course) => (
              <option key={course.id} value={course.id}>
                {courseLabel(course, courses.data.items)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {isCustom && (
        <DateRangeFields
          from={filters.from}
          to={filters.to}
          error={rangeError}
          onChange={(changes) => onChange({ ...filters, ...changes })}
        />
      )}
    </Card>
  );
}

/** The definitions the rates follow, on screen so nobody reads them differently. */
function Definitions({ analytics, format }: { analytics: Analytics; format: Formatters }) {
  const { t } = useTranslation('analytics');
  const headingId = useId();
  return (
    <Card
      as="section"
      isFlat
      padding="p-4"
      aria-labelledby={headingId}
      className="flex flex-col gap-1 text-sm"
    >
      <h2 id={headingId} className="font-semibold text-foreground">
        {t('definitions.title', {
          from: format.date(analytics.period.from),
          to: format.lastDay(analytics.period.to),
        })}
      </h2>
      <ul className="list-disc pl-5 text-muted-foreground">
        <li>
          {t('definitions.cohort', {
            enrolments: t('definitions.cohortEnrolments', { count: analytics.outcomes.enrolled }),
            learners: t('definitions.cohortLearners', { count: analytics.outcomes.learners }),
          })}
        </li>
        <li>{t('definitions.completed')}</li>
        <li>{t('definitions.droppedOut', { count: DROPOUT_INACTIVE_DAYS })}</li>
        <li>{t('definitions.inProgress')}</li>
        <li>{t('definitions.quizzes')}</li>
      </ul>
    </Card>
  );
}

/** Each formation's figures for the period, as a table: the charts' numbers, readable and sortable by eye. */
function CourseTable({ analytics, format }: { analytics: Analytics; format: Formatters }) {
  const { t } = useTranslation('analytics');
  const headingId = useId();
  if (analytics.courses.length === 0) return null;
  const rate = (part: number, whole: number) =>
    whole === 0 ? '—' : format.percent(Math.round((part * 100) / whole));
  return (
    <Card as="section" padding="p-0" aria-labelledby={headingId} className="overflow-x-auto">
      <h2 id={headingId} className="p-4 text-base font-semibold text-foreground">
        {t('table.title')}
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="border-y border-border bg-muted/60 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {t('table.course')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('table.enrolled')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('table.completionRate')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('table.dropoutRate')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('table.time')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t('table.quizSuccess')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {analytics.courses.map((course) => (
            <tr key={course.courseId}>
              <th scope="row" className="px-4 py-2 font-medium text-foreground">
                {courseLabel(course, analytics.courses)}
              </th>
              <td className="px-4 py-2 text-right">{format.number(course.enrolled)}</td>
              <td className="px-4 py-2 text-right">{rate(course.completed, course.enrolled)}</td>
              <td className="px-4 py-2 text-right">{rate(course.droppedOut, course.enrolled)}</td>
              <td className="px-4 py-2 text-right">{format.duration(course.trackedSeconds)}</td>
              <td className="px-4 py-2 text-right">{rate(course.quizPassed, course.quizAttempts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Results({ query }: { query: AnalyticsQuery }) {
  const { t } = useTranslation('analytics');
  const analytics = useAnalytics(query);
  const format = useFormatters();
  if (analytics.isError)
    return (
      <LoadErrorAlert
        error={analytics.error}
        title={t('error')}
        retryLabel={t('retry')}
        onRetry={() => void analytics.refetch()}
      />
    );
  if (analytics.isPending)
    return (
      <SkeletonCards
        label={t('loading')}
        count={4}
        bars={['h-4 w-1/3 rounded', 'h-40 w-full rounded']}
        className="grid grid-cols-1 gap-4 xl:grid-cols-2"
      />
    );
  const data = analytics.data;
  const isEmpty =
    data.enrolments.total === 0 &&
    data.time.totalSeconds === 0 &&
    data.quizzes.attempts === 0 &&
    data.courses.length === 0;
  return (
    <div className="flex flex-col gap-4" aria-busy={analytics.isPlaceholderData || undefined}>
      {isEmpty && (
        <EmptyState icon={BarChart3} title={t('empty.title')} description={t('empty.description')} />
      )}
      <Definitions analytics={data} format={format} />
      <Suspense
        fallback={
          <SkeletonCards
            label={t('loading')}
            count={4}
            bars={['h-4 w-1/3 rounded', 'h-40 w-full rounded']}
            className="grid grid-cols-1 gap-4 xl:grid-cols-2"
          />
        }
      >
        <AnalyticsCharts analytics={data} query={query} format={format} />
      </Suspense>
      <CourseTable analytics={data} format={format} />
    </div>
  );
}

/**
 * Analytics (issue 16 point 6): enrolments, completion and dropout, time, quizzes and satisfaction
 * of a period and a formation, as charts with their CSV exports.
 */
export function AnalyticsView() {
  const [filters, setFilters] = useState<Filters>({ period: '30d', from: '', to: '', courseId: '' });
  const query = toQuery(filters);
  const { t } = useTranslation('analytics');
  return (
    <div className="flex flex-col gap-4">
      <FilterBar filters={filters} onChange={setFilters} />
      {query ? (
        <Results query={query} />
      ) : (
        <p className="text-sm text-muted-foreground">{t('filters.chooseDays')}</p>
      )}
    </div>
  );
}
