import type { Language } from '@cursus/contracts';
import { relativeTimeFormat } from '@/lib/intl';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "il y a 5 minutes", "hier", "3 weeks ago": the largest unit that fits, worded by Intl per language. */
export function formatRelativeDate(date: Date, now: Date, language: Language): string {
  const format = relativeTimeFormat(language, { numeric: 'auto' });
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  // Under a minute (or a clock slightly ahead of ours): "maintenant" / "now".
  return format.format(0, 'second');
}
