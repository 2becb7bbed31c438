import {
  ALMOST_COMPLETE_PROGRESS,
  type DashboardCourse,
  RECOMMENDATION_PRIORITIES,
  type Recommendation,
  type RecommendationRule,
} from '@cursus/contracts';
import { ArrowRight, CircleAlert, Lightbulb, type LucideIcon, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDuration } from '@/lib/format-duration';
import { getLanguage } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import { useMyDashboard } from '../api/get-my-dashboard';
import { DashboardSkeleton } from './dashboard-states';

type Priority = (typeof RECOMMENDATION_PRIORITIES)[number];

/** Each priority differs by its heading, icon and border weight; colour only repeats them. */
const PRIORITY_STYLES: Record<Priority, { icon: LucideIcon; list: string; iconClass: string }> = {
  high: {
    icon: CircleAlert,
    list: 'border-l-4 border-danger-border',
    iconClass: 'text-danger',
  },
  medium: {
    icon: TriangleAlert,
    list: 'border-l-4 border-dashed border-warning-border',
    iconClass: 'text-warning-foreground',
  },
  low: {
    icon: Lightbulb,
    list: 'border-l-2 border-dotted border-border',
    iconClass: 'text-muted-foreground',
  },
};

const RULE_KEYS = {
  formation_untouched: 'formationUntouched',
  formation_not_started: 'formationNotStarted',
  formation_almost_complete: 'formationAlmostComplete',
  weekly_goal_behind: 'weeklyGoalBehind',
} as const satisfies Record<RecommendationRule, string>;

const ACTION_KEYS = {
  formation_untouched: 'resume',
  formation_not_started: 'start',
  formation_almost_complete: 'finish',
  weekly_goal_behind: 'browse',
} as const satisfies Record<RecommendationRule, string>;

/**
 * 'Mon Suivi' recommendations by priority, high, medium then low (rules in docs/time-tracking.md),
 * each with a link to act on it.
 */
export function Recommendations() {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const query = useMyDashboard();
  // The learning-time block above already reports a failure of the same request, with its retry.
  if (query.isError) return null;
  if (query.isPending)
    return (
      <DashboardSkeleton label={t('recommendations.loading')} rows={1} className="flex flex-col gap-3" />
    );
  const { recommendations } = query.data;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {t('recommendations.heading')}
      </h2>
      {recommendations.length === 0 ? (
        <Card as="p" padding="p-5" isFlat className="border-dashed text-sm text-muted-foreground">
          {t('recommendations.empty')}
        </Card>
      ) : (
        <div className="flex flex-col gap-5">
          {RECOMMENDATION_PRIORITIES.map((priority) => {
            const items = recommendations.filter((item) => item.priority === priority);
            return items.length > 0 ? (
              <PriorityGroup
                key={priority}
                priority={priority}
                items={items}
                courses={query.data.activeCourses}
              />
            ) : null;
          })}
        </div>
      )}
    </section>
  );
}

function PriorityGroup({
  priority,
  items,
  courses,
}: {
  priority: Priority;
  items: Recommendation[];
  courses: DashboardCourse[];
}) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const style = PRIORITY_STYLES[priority];
  const Icon = style.icon;
  return (
    <section aria-labelledby={headingId} data-priority={priority} className="flex flex-col gap-2">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <Icon aria-hidden="true" className={cn('size-4', style.iconClass)} />
        {t(`recommendations.priority.${priority}`)}
      </h3>
      <ul className={cn('flex flex-col gap-2 pl-3', style.list)}>
        {items.map((item) => (
          <RecommendationItem
            key={`${item.rule}-${item.courseId ?? 'week'}`}
            item={item}
            // The contract leaves `value` empty for this rule; the formation's own progress fills in.
            progress={courses.find((course) => course.courseId === item.courseId)?.progress}
          />
        ))}
      </ul>
    </section>
  );
}

function RecommendationItem({ item, progress }: { item: Recommendation; progress?: number }) {
  const { t } = useTranslation('dashboard');
  const language = getLanguage();
  const title = item.courseTitle ?? '';
  const key = RULE_KEYS[item.rule];
  let text: string;
  if (key === 'formationUntouched')
    text = t('recommendations.rules.formationUntouched', { title, count: item.value ?? 0 });
  else if (key === 'formationAlmostComplete')
    text = t('recommendations.rules.formationAlmostComplete', {
      title,
      percent: numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
        (item.value ?? progress ?? ALMOST_COMPLETE_PROGRESS) / 100,
      ),
    });
  else if (key === 'weeklyGoalBehind')
    text = t('recommendations.rules.weeklyGoalBehind', { behind: formatDuration(item.value ?? 0, language) });
  else text = t('recommendations.rules.formationNotStarted', { title });

  const href = item.courseId
    ? paths.student.formation.getHref(item.courseId)
    : paths.student.formations.getHref();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-card p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-foreground">{text}</p>
      <Link to={href} className={buttonClassName('secondary', 'sm', 'shrink-0 self-start sm:self-auto')}>
        {t(`recommendations.actions.${ACTION_KEYS[item.rule]}`)}
        {item.courseTitle && <span className="sr-only"> ({item.courseTitle})</span>}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </li>
  );
}
