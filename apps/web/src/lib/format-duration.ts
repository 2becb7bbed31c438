import type { Language } from '@cursus/contracts';
import { numberFormat } from '@/lib/intl';

function formatUnit(value: number, unit: 'hour' | 'minute' | 'second', language: Language): string {
  return numberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/**
 * Tracked time as people read it: '2 h 15 min' in French, '2 hr 15 min' in English, '45 s' under a
 * minute and '0 min' for nothing. Minutes are truncated, never rounded up: attendance time is
 * proof for funders, so a display must not claim a minute that was not spent.
 */
export function formatDuration(seconds: number, language: Language): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole === 0) return formatUnit(0, 'minute', language);
  if (whole < 60) return formatUnit(whole, 'second', language);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours === 0) return formatUnit(minutes, 'minute', language);
  return minutes === 0
    ? formatUnit(hours, 'hour', language)
    : `${formatUnit(hours, 'hour', language)} ${formatUnit(minutes, 'minute', language)}`;
}
