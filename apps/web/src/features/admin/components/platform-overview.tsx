import { type PlatformOverview as Overview, PLATFORM_SIGNUP_WEEKS } from '@cursus/contracts';
import { BookOpen, Building2, Clock, GraduationCap, type LucideIcon, UserCheck, Users } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePlatformOverview } from '../api/get-platform';
import { type AdminFormat, useAdminFormat } from './format';

// The chart library is most of the dashboard's weight: the figures show at once, the chart follows.
const SignupsChart = lazy(() =>
  import('./signups-chart').then((module) => ({ default: module.SignupsChart })),
);

interface FigureProps {
  icon: LucideIcon;
  title: string;
  value: string;
  hint: string;
}

function Figure({ icon: Icon, title, value, hint }: FigureProps) {
  return (
    <li className="flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm">
      <span className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
        {title}
      </span>
      <span className="text-2xl font-semibold text-foreground">{value}</span>
      <span className="text-xs text-muted-foreground">{hint}</span>
    </li>
  );
}

function Figures({ overview, format }: { overview: Overview; format: AdminFormat }) {
  const { t } = useTranslation('admin');
  const { organizations, users, activeLearners, formations } = overview;
  const figures: FigureProps[] = [
    {
      icon: Building2,
      title: t('platform.organizations.title'),
      value: format.number(organizations.total),
      hint: t('platform.organizations.hint', {
        count: organizations.createdThisMonth,
        formatted: format.number(organizations.createdThisMonth),
      }),
    },
    {
      icon: Users,
      title: t('platform.users.title'),
      value: format.number(users.students + users.trainers + users.admins),
      hint: t('platform.users.hint', {
        students: format.counted('learners', users.students),
        trainers: format.counted('trainers', users.trainers),
        admins: format.counted('admins', users.admins),
      }),
    },
    {
      icon: UserCheck,
      title: t('platform.active.title'),
      value: format.number(activeLearners.last7Days),
      hint: t('platform.active.hint', { month: format.number(activeLearners.last30Days) }),
    },
    {
      icon: BookOpen,
      title: t('platform.formations.title'),
      value: format.number(formations.published),
      hint: t('platform.formations.hint', {
        count: formations.draft,
        formatted: format.number(formations.draft),
      }),
    },
    {
      icon: GraduationCap,
      title: t('platform.enrolments.title'),
      value: format.number(overview.enrolments),
      hint: t('platform.enrolments.hint', {
        count: users.unassignedStudents,
        formatted: format.number(users.unassignedStudents),
      }),
    },
    {
      icon: Clock,
      title: t('platform.hours.title'),
      value: format.duration(overview.monthSeconds),
      hint: t('platform.hours.hint', { month: format.month(overview.monthStartsAt) }),
    },
  ];
  return (
    <ul
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
      aria-label={t('platform.figuresLabel')}
    >
      {figures.map((figure) => (
        <Figure key={figure.title} {...figure} />
      ))}
    </ul>
  );
}

function Signups({ overview, format }: { overview: Overview; format: AdminFormat }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const weeks = overview.signupsByWeek;
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-foreground">
        {t('platform.signups.title', { count: PLATFORM_SIGNUP_WEEKS })}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t('platform.signups.summary', {
          count: total,
          formatted: format.number(total),
          week: format.number(weeks.at(-1)?.count ?? 0),
        })}
      </p>
      <Suspense fallback={<SkeletonCards label={t('loading')} count={1} bars={['h-40 w-full rounded']} />}>
        <SignupsChart weeks={weeks} format={format} seriesLabel={t('platform.signups.series')} />
      </Suspense>
    </Card>
  );
}

function NewestOrganizations({ overview, format }: { overview: Overview; format: AdminFormat }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-foreground">
          {t('platform.newest.title')}
        </h2>
        <Link
          to={paths.admin.organizationOnboarding.getHref()}
          className={cn('text-sm font-medium text-primary underline-offset-4 hover:underline', FOCUS_RING)}
        >
          {t('platform.newest.all')}
        </Link>
      </div>
      {overview.newestOrganizations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('platform.newest.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {overview.newestOrganizations.map((organization) => (
            // Stacked whatever the name's length: side by side, a long name sent its line under it and a
            // short one kept it at the right, so two rows read differently.
            <li key={organization.id} className="flex flex-col gap-0.5 py-2">
              <Link
                to={paths.admin.organization.getHref(organization.id)}
                className={cn(
                  'self-start font-medium text-foreground underline-offset-4 hover:underline',
                  FOCUS_RING,
                )}
              >
                {organization.name}
              </Link>
              <span className="text-xs text-muted-foreground">
                {t('platform.newest.meta', {
                  date: format.date(organization.createdAt),
                  trainers: format.counted('trainers', organization.trainerCount),
                  learners: format.counted('learners', organization.learnerCount),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** `/admin/dashboard`'s platform figures (issue 17 point 3): one read over every organisation. */
export function PlatformOverview() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const overview = usePlatformOverview();
  if (overview.isPending)
    return (
      <SkeletonCards
        label={t('loading')}
        count={6}
        bars={['h-4 w-1/2 rounded', 'h-7 w-1/3 rounded']}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
      />
    );
  if (overview.isError)
    return (
      <LoadErrorAlert
        error={overview.error}
        title={t('platform.error')}
        retryLabel={t('retry')}
        onRetry={() => overview.refetch()}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <Figures overview={overview.data} format={format} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Signups overview={overview.data} format={format} />
        <NewestOrganizations overview={overview.data} format={format} />
      </div>
    </div>
  );
}
