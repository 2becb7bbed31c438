import type { Language } from '@cursus/contracts';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from '@/lib/intl';

/** '40 %' in French (narrow no-break space), '40%' in English: Intl knows each language's habit. */
export function formatPercent(value: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/** '10 min', '1 h 30' style durations of lessons, in the language's own units. */
export function formatMinutes(minutes: number, language: Language): string {
  const unit = (value: number, name: 'minute' | 'hour') =>
    numberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** A formation's duration in hours, which may be fractional: '3,5 heures', '3.5 hours'. */
export function formatHours(hours: number, language: Language): string {
  return numberFormat(language, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(hours);
}

export function formatFileSize(bytes: number, language: Language): string {
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(1, bytes / 1024), 'kilobyte'];
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

export function formatDate(iso: string, language: Language): string {
  return dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: Language): string {
  return dateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * Recent dates read relatively ('il y a 3 heures', 'hier'); beyond a week the date itself is
 * clearer than '5 weeks ago'.
 */
export function formatRecentDate(iso: string, now: Date, language: Language): string {
  const date = new Date(iso);
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) >= 7 * 24 * 3600) return formatDate(iso, language);
  const format = relativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
