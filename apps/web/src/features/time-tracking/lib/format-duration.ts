import type { Language } from '@cursus/contracts';
import { listFormat, numberFormat } from '@/lib/intl';

/** The running clock, '1:05:09' or '05:09', with the language's digits. */
export function formatClock(totalSeconds: number, language: Language): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const two = numberFormat(language, { minimumIntegerDigits: 2, useGrouping: false });
  const one = numberFormat(language, { useGrouping: false });
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0
    ? `${one.format(hours)}:${two.format(minutes)}:${two.format(rest)}`
    : `${two.format(minutes)}:${two.format(rest)}`;
}

/**
 * A duration in words for people and screen readers: '1 heure et 5 minutes', '1 hour and 5 minutes',
 * '45 secondes'. Intl chooses the units' plurals and the list's conjunction.
 */
export function formatDurationWords(totalSeconds: number, language: Language): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    numberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours === 0 && minutes === 0) return unit(seconds % 60, 'second');
  const parts = [
    ...(hours > 0 ? [unit(hours, 'hour')] : []),
    ...(minutes > 0 ? [unit(minutes, 'minute')] : []),
  ];
  return listFormat(language, { style: 'long', type: 'conjunction' }).format(parts);
}
