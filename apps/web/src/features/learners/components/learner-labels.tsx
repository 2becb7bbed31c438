import { type LearnerStatus, normalizeLanguage } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { formatDuration } from '@/lib/format-duration';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from '@/lib/intl';

const STATUS_VARIANTS: Record<LearnerStatus, BadgeVariant> = {
  active: 'success',
  inactive: 'warning',
  never_signed_in: 'neutral',
};

export function LearnerStatusBadge({ status }: { status: LearnerStatus }) {
  const { t } = useTranslation('learners');
  return <Badge variant={STATUS_VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}

const DAY_MS = 86_400_000;

/**
 * Dates and durations in the reader's language. A recent activity reads as a relative date ("il y
 * a 3 jours"), an older one as the date itself, which says more than "il y a 5 mois".
 */
export function useLearnerFormat() {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const dateFormat = dateTimeFormat(language, { dateStyle: 'medium' });
  const dateTimeFormatter = dateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const relativeFormat = relativeTimeFormat(language, { numeric: 'auto' });
  return {
    duration: (seconds: number) => formatDuration(seconds, language),
    date: (iso: string) => dateFormat.format(new Date(iso)),
    dateTime: (iso: string) => dateTimeFormatter.format(new Date(iso)),
    recent: (iso: string, now = Date.now()) => {
      const elapsed = now - new Date(iso).getTime();
      if (elapsed < 0 || elapsed >= 7 * DAY_MS) return dateFormat.format(new Date(iso));
      if (elapsed < 3_600_000) return relativeFormat.format(-Math.floor(elapsed / 60_000), 'minute');
      if (elapsed < DAY_MS) return relativeFormat.format(-Math.floor(elapsed / 3_600_000), 'hour');
      return relativeFormat.format(-Math.floor(elapsed / DAY_MS), 'day');
    },
    number: (value: number) => numberFormat(language).format(value),
  };
}
