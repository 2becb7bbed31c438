import { type MarketplaceListing, normalizeLanguage } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatDuration } from '@/lib/format-duration';

/** Minutes as people read a duration, in the reader's language ('3 h 30 min'). */
export function useFormatMinutes() {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  return (minutes: number) => formatDuration(minutes * 60, language);
}

/** Who published a template, its category, level, language and size. */
export function ListingFacts({ listing }: { listing: MarketplaceListing }) {
  const { t } = useTranslation('marketplace');
  const formatMinutes = useFormatMinutes();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Badge variant={listing.publisher === 'platform' ? 'info' : 'neutral'}>
          {listing.publisher === 'platform'
            ? t('publisher.platform')
            : t('publisher.organization', { name: listing.publisherName ?? t('publisher.unknown') })}
        </Badge>
        <Badge>{t(`category.${listing.category}`)}</Badge>
        <Badge>{t(`level.${listing.level}`)}</Badge>
        <Badge>{t(`language.${listing.language}`)}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {t('card.facts', {
          modules: t('card.modules', { count: listing.moduleCount }),
          lessons: t('card.lessons', { count: listing.lessonCount }),
          duration: formatMinutes(listing.durationMinutes),
        })}
      </p>
    </div>
  );
}
