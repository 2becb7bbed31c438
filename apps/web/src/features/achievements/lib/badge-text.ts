import type { AchievementCriterion, Language } from '@cursus/contracts';
import type { TFunction } from 'i18next';
import { formatDuration } from '@/lib/format-duration';

/** A badge's name: a system badge's in the reader's language, the trainer's own otherwise. */
export function badgeName(
  badge: { systemKey: string | null; name: string | null },
  t: TFunction<'achievements'>,
): string {
  if (badge.name) return badge.name;
  return t(`system.${badge.systemKey}` as 'system.first_login', { defaultValue: badge.systemKey ?? '' });
}

/** How much of a criterion a threshold asks for: '10 connexions', '1 h de formation'. */
export function criterionAmount(
  criterion: AchievementCriterion,
  count: number,
  t: TFunction<'achievements'>,
  language: Language,
): string {
  if (criterion === 'time_spent')
    return t('goal.time_spent', { duration: formatDuration(count * 60, language) });
  return t(`goal.${criterion}`, { count });
}
