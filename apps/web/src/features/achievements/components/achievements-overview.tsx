import { type CriterionProgress, type LearnerBadge, TROPHY_RARITIES } from '@cursus/contracts';
import { Award, Lock, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { cn } from '@/lib/cn';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';
import { useMyAchievements } from '../api/get-my-achievements';
import { badgeName, criterionAmount } from '../lib/badge-text';
import { RarityBadge } from './rarity-badge';

function formatDate(iso: string) {
  return dateTimeFormat(getLanguage(), { dateStyle: 'long' }).format(new Date(iso));
}

function BadgeCard({ badge }: { badge: LearnerBadge }) {
  const { t } = useTranslation('achievements');
  const isEarned = badge.awardedAt !== null;
  const Icon = isEarned ? (TROPHY_RARITIES.includes(badge.rarity) ? Trophy : Award) : Lock;
  return (
    <Card as="li" padding="p-4" isFlat className={cn('flex gap-3', !isEarned && 'bg-muted/40')}>
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-6 shrink-0', isEarned ? 'text-primary' : 'text-muted-foreground')}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="text-sm font-semibold text-foreground">{badgeName(badge, t)}</h3>
        {badge.description && <p className="text-sm text-muted-foreground">{badge.description}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <RarityBadge rarity={badge.rarity} />
          <span className="text-xs text-muted-foreground">
            {isEarned
              ? t('badges.earnedOn', { date: formatDate(badge.awardedAt!) })
              : `${t('badges.locked')} · ${t('badges.goal', {
                  goal: criterionAmount(badge.criterion, badge.threshold, t, getLanguage()),
                })}`}
          </span>
        </div>
      </div>
    </Card>
  );
}

function ProgressRow({ entry, badges }: { entry: CriterionProgress; badges: LearnerBadge[] }) {
  const { t } = useTranslation('achievements');
  const language = getLanguage();
  const next = entry.next ? badges.find((badge) => badge.id === entry.next!.badgeId) : undefined;
  const hasAny = badges.some((badge) => badge.criterion === entry.criterion);
  const label = t(`criteria.${entry.criterion}`);
  return (
    <li className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-foreground">{label}</span>
        <span className="text-sm text-muted-foreground">
          {criterionAmount(entry.criterion, entry.value, t, language)}
        </span>
      </div>
      {entry.next && next ? (
        <>
          <ProgressBar
            value={(entry.value / entry.next.threshold) * 100}
            label={label}
            valueText={t('progress.valueText', {
              value: criterionAmount(entry.criterion, entry.value, t, language),
              target: criterionAmount(entry.criterion, entry.next.threshold, t, language),
            })}
          />
          <span className="text-xs text-muted-foreground">
            {t('progress.next', { name: badgeName(next, t) })} ·{' '}
            {criterionAmount(entry.criterion, entry.next.threshold, t, language)}
          </span>
        </>
      ) : (
        <span className="text-xs text-muted-foreground">
          {hasAny ? t('progress.allEarned') : t('progress.none')}
        </span>
      )}
    </li>
  );
}

/** The learner's achievements screen: trophies, progress towards the next badges, every badge. */
export function AchievementsOverview({ hasOrganization }: { hasOrganization: boolean }) {
  const { t } = useTranslation('achievements');
  const achievements = useMyAchievements({ enabled: hasOrganization });

  if (!hasOrganization) {
    return (
      <Alert variant="warning" title={t('noOrganization.title')}>
        {t('noOrganization.description')}
      </Alert>
    );
  }
  if (achievements.isPending) {
    return <SkeletonCards label={t('loading')} count={3} bars={['w-1/3', 'w-2/3']} />;
  }
  if (achievements.isError) {
    return (
      <LoadErrorAlert
        error={achievements.error}
        title={t('error')}
        retryLabel={t('retry')}
        onRetry={() => achievements.refetch()}
      />
    );
  }
  const { badges, progress } = achievements.data;
  const earned = badges.filter((badge) => badge.awardedAt !== null);
  const trophies = earned.filter((badge) => TROPHY_RARITIES.includes(badge.rarity));
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {t('summary', { count: earned.length, total: badges.length })}
      </p>
      <Card as="section" aria-labelledby="trophies-title">
        <CardTitle id="trophies-title">{t('trophies.title')}</CardTitle>
        <CardDescription>{t('trophies.description')}</CardDescription>
        {trophies.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">{t('trophies.empty')}</p>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {trophies.map((badge) => (
              <BadgeCard key={badge.id} badge={badge} />
            ))}
          </ul>
        )}
      </Card>
      <Card as="section" aria-labelledby="progress-title">
        <CardTitle id="progress-title">{t('progress.title')}</CardTitle>
        <ul className="mt-4 flex flex-col gap-5">
          {progress.map((entry) => (
            <ProgressRow key={entry.criterion} entry={entry} badges={badges} />
          ))}
        </ul>
      </Card>
      <section aria-labelledby="badges-title" className="flex flex-col gap-3">
        <h2 id="badges-title" className="text-lg font-semibold text-foreground">
          {t('badges.title')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[...earned, ...badges.filter((badge) => badge.awardedAt === null)].map((badge) => (
            <BadgeCard key={badge.id} badge={badge} />
          ))}
        </ul>
      </section>
    </div>
  );
}
