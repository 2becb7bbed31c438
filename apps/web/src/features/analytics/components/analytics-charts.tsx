import { type Analytics, type AnalyticsChart, type AnalyticsQuery, courseLabel } from '@cursus/contracts';
import { Download } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Text,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CHART_TICK, CHART_TOOLTIP } from '@/components/ui/chart-theme';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useMediaQuery } from '@/hooks/use-media-query';
import { getExportHref } from '../api/analytics';
import type { Formatters } from './format';

// The theme's colours, so the charts follow the light and dark themes.
const PRIMARY = 'var(--primary)';
const SUCCESS = 'var(--success-foreground)';
const DANGER = 'var(--danger)';
const MUTED = 'var(--muted-foreground)';

/**
 * A formation’s title on a category axis, on three lines at most and cut with an ellipsis: the
 * tooltip and the table below have it whole. A title shared by two organisations' formations
 * carries their names (courseLabel) and took five lines. Recharts keeps only SVG attributes of a
 * tick given as props, so `maxLines` needs the tick drawn here.
 */
function CategoryTick({
  payload,
  tickFormatter: _format,
  visibleTicksCount: _count,
  // The axis line's colour: on text, a stroke outlines each glyph (chart-theme.ts).
  stroke: _stroke,
  ...text
}: YAxisTickContentProps) {
  return (
    <Text {...text} {...CHART_TICK} maxLines={3}>
      {String(payload.value)}
    </Text>
  );
}

/** The category axis's width: room for a title on three lines, less of it on a phone, where the bars need it. */
function useCategoryAxisWidth() {
  return useMediaQuery('(min-width: 640px)') ? 180 : 110;
}

interface ChartCardProps {
  chart: AnalyticsChart;
  query: AnalyticsQuery;
  title: string;
  summary: ReactNode;
  children: ReactNode;
}

/** A chart with its heading, its figures in words, and its CSV export. */
function ChartCard({ chart, query, title, summary, children }: ChartCardProps) {
  const { t } = useTranslation('analytics');
  const headingId = useId();
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-foreground">
          {title}
        </h2>
        <a
          href={getExportHref(chart, query)}
          download
          className={buttonClassName('secondary', 'sm')}
          aria-label={t('charts.exportLabel', { chart: title })}
        >
          <Download aria-hidden="true" className="size-4" />
          {t('charts.export')}
        </a>
      </div>
      <div className="text-sm text-muted-foreground">{summary}</div>
      {children}
    </Card>
  );
}

/**
 * The SVG says nothing to a screen reader: the summary above it carries the figures. Each chart's
 * keyboard layer is off (`accessibilityLayer`), so nothing hidden here takes focus.
 */
function ChartFrame({ children }: { children: ReactNode }) {
  return (
    <div aria-hidden="true" className="h-56 w-full">
      {/* A first size until the container is measured (and where nothing measures it, as in tests). */}
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 224 }}>
        {children as never}
      </ResponsiveContainer>
    </div>
  );
}

interface ChartsProps {
  analytics: Analytics;
  query: AnalyticsQuery;
  format: Formatters;
}

function EnrolmentsChart({ analytics, query, format }: ChartsProps) {
  const { t } = useTranslation('analytics');
  const { granularity } = analytics.period;
  const data = analytics.enrolments.series.map((point) => ({
    label: format.bucket(point.bucket, granularity),
    value: point.value,
  }));
  return (
    <ChartCard
      chart="enrolments"
      query={query}
      title={t('charts.enrolments.title')}
      summary={t('charts.enrolments.summary', { count: analytics.enrolments.total })}
    >
      <ChartFrame>
        <BarChart accessibilityLayer={false} data={data}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" tick={CHART_TICK} minTickGap={12} />
          <YAxis allowDecimals={false} tick={CHART_TICK} width={32} />
          <Tooltip
            {...CHART_TOOLTIP}
            formatter={(value) => [format.number(Number(value)), t('charts.enrolments.series')]}
          />
          <Bar dataKey="value" name={t('charts.enrolments.series')} fill={PRIMARY} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartFrame>
    </ChartCard>
  );
}

function OutcomesChart({ analytics, query, format }: ChartsProps) {
  const axisWidth = useCategoryAxisWidth();
  const { t } = useTranslation('analytics');
  const { outcomes } = analytics;
  const rate = (value: number | null) => (value === null ? '—' : format.percent(value));
  const data = analytics.courses
    .filter((course) => course.enrolled > 0)
    .map((course) => ({
      label: courseLabel(course, analytics.courses),
      completed: course.completed,
      droppedOut: course.droppedOut,
      inProgress: course.enrolled - course.completed - course.droppedOut,
    }));
  return (
    <ChartCard
      chart="outcomes"
      query={query}
      title={t('charts.outcomes.title')}
      summary={
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {[
            [t('charts.outcomes.completionRate'), rate(outcomes.completionRate)],
            [t('charts.outcomes.dropoutRate'), rate(outcomes.dropoutRate)],
            [t('charts.outcomes.enrolled'), format.number(outcomes.enrolled)],
            [t('charts.outcomes.inProgress'), format.number(outcomes.inProgress)],
          ].map(([label, value]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-xs">{label}</dt>
              <dd className="text-lg font-semibold text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      }
    >
      {data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('charts.noData')}</p>
      ) : (
        <ChartFrame>
          <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={CHART_TICK} />
            <YAxis type="category" dataKey="label" tick={CategoryTick} width={axisWidth} />
            <Tooltip {...CHART_TOOLTIP} />
            <Legend />
            <Bar dataKey="completed" name={t('charts.outcomes.completed')} stackId="outcome" fill={SUCCESS} />
            <Bar
              dataKey="inProgress"
              name={t('charts.outcomes.inProgressSeries')}
              stackId="outcome"
              fill={PRIMARY}
            />
            <Bar
              dataKey="droppedOut"
              name={t('charts.outcomes.droppedOut')}
              stackId="outcome"
              fill={DANGER}
            />
          </BarChart>
        </ChartFrame>
      )}
    </ChartCard>
  );
}

function TimeChart({ analytics, query, format }: ChartsProps) {
  const { t } = useTranslation('analytics');
  const { granularity } = analytics.period;
  const data = analytics.time.series.map((point) => ({
    label: format.bucket(point.bucket, granularity),
    hours: Math.round((point.value / 3600) * 10) / 10,
    seconds: point.value,
  }));
  return (
    <ChartCard
      chart="time"
      query={query}
      title={t('charts.time.title')}
      summary={t('charts.time.summary', {
        duration: format.duration(analytics.time.totalSeconds),
        count: analytics.time.learners,
      })}
    >
      <ChartFrame>
        <BarChart accessibilityLayer={false} data={data}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" tick={CHART_TICK} minTickGap={12} />
          <YAxis tick={CHART_TICK} width={40} unit=" h" />
          <Tooltip
            {...CHART_TOOLTIP}
            formatter={(_value, _name, item) => [
              format.duration(Number((item.payload as { seconds: number }).seconds)),
              t('charts.time.series'),
            ]}
          />
          <Bar dataKey="hours" name={t('charts.time.series')} fill={PRIMARY} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartFrame>
    </ChartCard>
  );
}

function QuizzesChart({ analytics, query, format }: ChartsProps) {
  const axisWidth = useCategoryAxisWidth();
  const { t } = useTranslation('analytics');
  const { quizzes } = analytics;
  const data = analytics.courses
    .filter((course) => course.quizAttempts > 0)
    .map((course) => ({
      label: courseLabel(course, analytics.courses),
      passed: course.quizPassed,
      failed: course.quizAttempts - course.quizPassed,
    }));
  return (
    <ChartCard
      chart="quizzes"
      query={query}
      title={t('charts.quizzes.title')}
      summary={
        quizzes.attempts === 0
          ? t('charts.quizzes.none')
          : t('charts.quizzes.summary', {
              rate: format.percent(quizzes.successRate ?? 0),
              count: quizzes.attempts,
              score: format.percent(quizzes.averageScore ?? 0),
            })
      }
    >
      {data.length > 0 && (
        <ChartFrame>
          <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={CHART_TICK} />
            <YAxis type="category" dataKey="label" tick={CategoryTick} width={axisWidth} />
            <Tooltip {...CHART_TOOLTIP} />
            <Legend />
            <Bar dataKey="passed" name={t('charts.quizzes.passed')} stackId="quiz" fill={SUCCESS} />
            <Bar dataKey="failed" name={t('charts.quizzes.failed')} stackId="quiz" fill={MUTED} />
          </BarChart>
        </ChartFrame>
      )}
    </ChartCard>
  );
}

function SatisfactionCard({ analytics, query, format }: ChartsProps) {
  const { t } = useTranslation('analytics');
  const { satisfaction } = analytics;
  const rating = satisfaction?.averageRating ?? null;
  return (
    <ChartCard
      chart="satisfaction"
      query={query}
      title={t('charts.satisfaction.title')}
      summary={
        satisfaction === null
          ? t('charts.satisfaction.unavailable')
          : satisfaction.responses === 0 || rating === null
            ? t('charts.satisfaction.none')
            : t('charts.satisfaction.responses', { count: satisfaction.responses })
      }
    >
      {rating !== null && (
        <div className="flex flex-col gap-2">
          <p className="text-3xl font-semibold text-foreground">
            {t('charts.satisfaction.average', { rating: format.decimal(rating) })}
          </p>
          <ProgressBar value={(rating / 5) * 100} label={t('charts.satisfaction.title')} />
        </div>
      )}
    </ChartCard>
  );
}

/** The five charts of a period; recharts loads with this file, which only the analytics route imports. */
export function AnalyticsCharts(props: ChartsProps) {
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <EnrolmentsChart {...props} />
      <OutcomesChart {...props} />
      <TimeChart {...props} />
      <QuizzesChart {...props} />
      <SatisfactionCard {...props} />
    </div>
  );
}
