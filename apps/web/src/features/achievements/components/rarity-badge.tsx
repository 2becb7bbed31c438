import type { BadgeRarity } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const VARIANTS: Record<BadgeRarity, BadgeVariant> = {
  legendary: 'warning',
  rare: 'info',
  uncommon: 'success',
  common: 'neutral',
};

/** SPEC 3 rarity, as a label: the word carries it, the colour repeats it. */
export function RarityBadge({ rarity }: { rarity: BadgeRarity }) {
  const { t } = useTranslation('achievements');
  return <Badge variant={VARIANTS[rarity]}>{t(`rarity.${rarity}`)}</Badge>;
}
