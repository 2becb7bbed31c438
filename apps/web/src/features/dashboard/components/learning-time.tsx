import type { MyDashboard } from '@cursus/contracts';
import { CalendarDays, Clock, Hourglass, Target } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatDuration } from '@/lib/format-duration';
import { getLanguage } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import { useMyDashboard } from '../api/get-my-dashboard';
import { DashboardLoadError, DashboardSkeleton } from './dashboard-states';

/**
 * 'Mon Suivi' learning time (SPEC 2): today, this week and in total, and the weekly goal (SPEC 9,
 * 20 h unless the organisation set another) with its progress and the time left.
 */
export function LearningTime() {
  const { t } = useTranslation('dashboard');
  const query = useMyDashboard();
  if (query.isError) return <DashboardLoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending)
    return (
      <DashboardSkeleton
        label={t('time.loading')}
        rows={4}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4"
      />
    );
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr]">
      <TimeTotals time={query.data.time} />
      <WeeklyGoal goal={query.data.weeklyGoal} />
    </div>
  );
}

function TimeTotals({ time }: { time: MyDashboard['time'] }) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const language = getLanguage();
  const stats = [
    { label: t('time.today'), seconds: time.todaySeconds, icon: Clock },
    { label: t('time.week'), seconds: time.weekSeconds, icon: CalendarDays },
    { label: t('time.total'), seconds: time.totalSeconds, icon: Hourglass },
  ];
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-foreground">
        {t('time.heading')}
      </h2>
      {time.totalSeconds === 0 ? (
        <div className="flex flex-col gap-1 rounded-lg border border-dashed border-input/60 p-4">
          <p className="text-sm font-semibold text-foreground">{t('time.emptyTitle')}</p>
          <p className="text-sm text-muted-foreground">{t('time.emptyDescription')}</p>
        </div>
      ) : (
        // A row each on a phone, where a third of the card cut '11 h 55 min' over two lines.
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
          {stats.map(({ label, seconds, icon: Icon }) => (
            <div
              key={label}
              className="flex min-w-0 items-center justify-between gap-2 rounded-lg bg-muted/60 p-2.5 sm:flex-col sm:items-start sm:gap-1 sm:p-3"
            >
              <dt className="flex items-center gap-1.5 text-xs font-medium break-words text-muted-foreground">
                <Icon aria-hidden="true" className="size-3.5" />
                {label}
              </dt>
              <dd className="text-lg font-semibold text-foreground tabular-nums sm:text-xl">
                {formatDuration(seconds, language)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

function WeeklyGoal({ goal }: { goal: MyDashboard['weeklyGoal'] }) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const language = getLanguage();
  const done = formatDuration(goal.doneSeconds, language);
  const target = formatDuration(goal.goalSeconds, language);
  const percent = numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    goal.progressPercent / 100,
  );
  const remainingSeconds = Math.max(0, goal.goalSeconds - goal.doneSeconds);
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-foreground">
          <Target aria-hidden="true" className="size-4 text-primary" />
          {t('goal.heading')}
        </h2>
        <p className="text-sm font-medium text-foreground tabular-nums">
          {t('goal.summary', { done, goal: target })}
        </p>
      </div>
      <ProgressBar
        value={goal.progressPercent}
        label={t('goal.progressLabel')}
        valueText={t('goal.valueText', { percent, done, goal: target })}
      />
      <p className="text-sm text-foreground">
        {remainingSeconds === 0
          ? t('goal.reached')
          : t('goal.remaining', { remaining: formatDuration(remainingSeconds, language) })}
      </p>
      <p className="text-xs text-muted-foreground">
        {t('goal.note', {
          goal: numberFormat(language, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(
            goal.goalHours,
          ),
        })}
      </p>
    </Card>
  );
}
