import {
  ACTIVE_LEARNER_DAYS,
  type AttentionLearner,
  type TrainerDashboard as Dashboard,
  UNTOUCHED_FORMATION_DAYS,
} from '@cursus/contracts';
import {
  BookOpen,
  CalendarClock,
  Clock,
  type LucideIcon,
  MessageCircleQuestion,
  Rocket,
  TrendingUp,
  UserCheck,
  UserRoundX,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useTrainerDashboard } from '../api/analytics';
import { type Formatters, useFormatters } from './format';

interface KeyFigureProps {
  to: string;
  icon: LucideIcon;
  title: string;
  value: string;
  hint: string;
}

/** One figure, the whole card a link to the screen it comes from. */
function KeyFigure({ to, icon: Icon, title, value, hint }: KeyFigureProps) {
  return (
    <li>
      <Link
        to={to}
        className={cn(
          'flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm transition-colors hover:border-primary',
          FOCUS_RING,
        )}
      >
        <span className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Icon aria-hidden="true" className="size-4" />
          {title}
        </span>
        <span className="text-2xl font-semibold text-foreground">{value}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </Link>
    </li>
  );
}

function KeyFigures({ dashboard, format }: { dashboard: Dashboard; format: Formatters }) {
  const { t } = useTranslation('analytics');
  const { learners, formations, upcomingSessions } = dashboard;
  const next = upcomingSessions.next;
  const figures: KeyFigureProps[] = [
    {
      to: paths.trainer.students.getHref(),
      icon: UserCheck,
      title: t('dashboard.learners.title'),
      value: t('dashboard.learners.value', {
        active: format.number(learners.active),
        total: format.number(learners.total),
      }),
      hint: t('dashboard.learners.hint', { count: ACTIVE_LEARNER_DAYS }),
    },
    {
      to: paths.trainer.courses.getHref(),
      icon: BookOpen,
      title: t('dashboard.formations.title'),
      value: format.number(formations.published + formations.draft),
      hint: t('dashboard.formations.hint', {
        published: t('dashboard.formations.published', { count: formations.published }),
        draft: t('dashboard.formations.draft', { count: formations.draft }),
      }),
    },
    {
      to: paths.trainer.analytics.getHref(),
      icon: TrendingUp,
      title: t('dashboard.completion.title'),
      value: dashboard.averageCompletion === null ? '—' : format.percent(dashboard.averageCompletion),
      hint:
        dashboard.averageCompletion === null
          ? t('dashboard.completion.none')
          : t('dashboard.completion.hint', { count: dashboard.enrolments }),
    },
    {
      to: paths.trainer.connectionLogs.getHref(),
      icon: Clock,
      title: t('dashboard.week.title'),
      value: format.duration(dashboard.week.seconds),
      hint: t('dashboard.week.hint', { date: format.date(dashboard.week.startsAt) }),
    },
    {
      to: paths.trainer.forum.getHref(),
      icon: MessageCircleQuestion,
      title: t('dashboard.questions.title'),
      value: format.number(dashboard.pendingQuestions),
      hint: t('dashboard.questions.hint', { count: dashboard.pendingQuestions }),
    },
    {
      to: paths.trainer.groupSessions.getHref(),
      icon: CalendarClock,
      title: t('dashboard.sessions.title'),
      value: format.number(upcomingSessions.count),
      hint: next
        ? t('dashboard.sessions.next', { title: next.title, date: format.dateTime(next.meetingDate) })
        : t('dashboard.sessions.none'),
    },
  ];
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {figures.map((figure) => (
        <KeyFigure key={figure.title} {...figure} />
      ))}
    </ul>
  );
}

function AttentionRow({ learner }: { learner: AttentionLearner }) {
  const { t } = useTranslation('analytics');
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <Link
          to={paths.trainer.studentDetails.getHref(learner.studentId)}
          className={cn('font-medium text-foreground underline-offset-2 hover:underline', FOCUS_RING)}
        >
          {learner.studentName || t('dashboard.attention.unnamed')}
        </Link>
        <span className="text-sm text-muted-foreground">
          {t('dashboard.attention.idle', {
            count: learner.idleDays,
            course: learner.courseTitle,
            progress: learner.progress,
          })}
        </span>
      </div>
      <ProgressBar
        value={learner.progress}
        label={t('dashboard.attention.progressLabel', {
          name: learner.studentName,
          course: learner.courseTitle,
        })}
        size="sm"
        className="sm:w-40"
      />
    </li>
  );
}

/** The learners' 'formation untouched' recommendation, seen from the organisation's side. */
function Attention({ attention }: { attention: Dashboard['attention'] }) {
  const { t } = useTranslation('analytics');
  const headingId = useId();
  const others = attention.count - attention.learners.length;
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-foreground">
          <UserRoundX aria-hidden="true" className="size-4" />
          {t('dashboard.attention.title', { count: attention.count })}
        </h2>
        <Link to={paths.trainer.students.getHref()} className={buttonClassName('link')}>
          {t('dashboard.attention.seeAll')}
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('dashboard.attention.rule', { count: UNTOUCHED_FORMATION_DAYS })}
      </p>
      {attention.count === 0 ? (
        <p className="rounded-lg border border-dashed border-input/60 p-4 text-sm text-muted-foreground">
          {t('dashboard.attention.empty')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-border">
            {attention.learners.map((learner) => (
              <AttentionRow key={learner.studentId} learner={learner} />
            ))}
          </ul>
          {others > 0 && (
            <p className="text-sm text-muted-foreground">
              {t('dashboard.attention.others', { count: others })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}

/** A new organisation: nothing to count yet, and the two first steps. */
function GettingStarted() {
  const { t } = useTranslation('analytics');
  return (
    <EmptyState
      icon={Rocket}
      title={t('dashboard.empty.title')}
      description={t('dashboard.empty.description')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={paths.trainer.createFormation.getHref()} className={buttonClassName('primary')}>
            {t('dashboard.empty.createFormation')}
          </Link>
          <Link to={paths.trainer.students.getHref()} className={buttonClassName('secondary')}>
            {t('dashboard.empty.inviteLearners')}
          </Link>
        </div>
      }
    />
  );
}

/**
 * The organisation's key figures (issue 16 point 1), each leading to its screen, and the learners
 * to follow up. An organisation without formations or learners gets its first steps instead.
 */
export function TrainerDashboard() {
  const { t } = useTranslation('analytics');
  const query = useTrainerDashboard();
  const format = useFormatters();
  if (query.isError)
    return (
      <LoadErrorAlert
        error={query.error}
        title={t('dashboard.error')}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending)
    return (
      <SkeletonCards
        label={t('dashboard.loading')}
        count={6}
        bars={['h-3 w-1/3 rounded', 'h-7 w-1/2 rounded', 'h-3 w-2/3 rounded']}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
      />
    );
  const dashboard = query.data;
  const isNew =
    dashboard.learners.total === 0 && dashboard.formations.published + dashboard.formations.draft === 0;
  return (
    <div className="flex flex-col gap-4">
      {isNew && <GettingStarted />}
      <KeyFigures dashboard={dashboard} format={format} />
      {!isNew && <Attention attention={dashboard.attention} />}
      <p className="text-muted-foreground text-xs">
        {t('dashboard.computed', { date: format.dateTime(dashboard.computedAt) })}
      </p>
    </div>
  );
}
