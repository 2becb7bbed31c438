import type { AnalyticsGranularity } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format-duration';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

/** Numbers, durations and dates in the reader's language; days are Paris days, like the server's. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = getLanguage();
  const locale = i18n.language;
  const number = numberFormat(locale);
  const decimal = numberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const longDate = dateTimeFormat(locale, { dateStyle: 'long' });
  const dateTime = dateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const buckets: Record<AnalyticsGranularity, Intl.DateTimeFormat> = {
    day: dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    week: dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    month: dateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  };
  return {
    number: (value: number) => number.format(value),
    decimal: (value: number) => decimal.format(value),
    percent: (value: number) => numberFormat(locale, { style: 'percent' }).format(value / 100),
    duration: (seconds: number) => formatDuration(seconds, language),
    hours: (seconds: number) => decimal.format(seconds / 3600),
    date: (iso: string) => longDate.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    /** The last day of a period whose end is the instant after it. */
    lastDay: (iso: string) => longDate.format(new Date(Date.parse(iso) - 1)),
    /** A chart bucket's label: its first day (YYYY-MM-DD, a calendar day, hence UTC here). */
    bucket: (day: string, granularity: AnalyticsGranularity) =>
      buckets[granularity].format(new Date(`${day}T00:00:00Z`)),
  };
}

export type Formatters = ReturnType<typeof useFormatters>;
