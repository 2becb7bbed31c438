import type { AnalyticsGranularity } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format-duration';
import { getLanguage } from '@/lib/i18n';

/** Numbers, durations and dates in the reader's language; days are Paris days, like the server's. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = getLanguage();
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  });
  const buckets: Record<AnalyticsGranularity, Intl.DateTimeFormat> = {
    day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    week: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    month: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  };
  return {
    number: (value: number) => number.format(value),
    decimal: (value: number) => decimal.format(value),
    percent: (value: number) => new Intl.NumberFormat(locale, { style: 'percent' }).format(value / 100),
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
