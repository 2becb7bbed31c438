import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Numbers, sizes and dates in the reader's language; times in Paris time, like the rest of the app. */
export function useSystemFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const number = numberFormat(locale);
  const dateTime = dateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const hour = dateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
  });
  return {
    number: (value: number) => number.format(value),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    /** A chart's hour: its day and hour. */
    hour: (iso: string) => hour.format(new Date(iso)),
    bytes: (value: number) => {
      let unit = 0;
      let scaled = value;
      while (scaled >= 1024 && unit < BYTE_UNITS.length - 1) {
        scaled /= 1024;
        unit += 1;
      }
      return numberFormat(locale, {
        style: 'unit',
        unit: BYTE_UNITS[unit],
        unitDisplay: 'short',
        maximumFractionDigits: unit === 0 ? 0 : 1,
      }).format(scaled);
    },
  };
}

export type SystemFormat = ReturnType<typeof useSystemFormat>;
