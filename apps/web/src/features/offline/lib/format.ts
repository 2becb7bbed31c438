import type { Language } from '@cursus/contracts';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

/** '2,1 Mo' in French, '2.1 MB' in English. */
export function formatBytes(bytes: number, language: Language): string {
  const [value, unit] =
    bytes >= 1024 * 1024 * 1024
      ? [bytes / (1024 * 1024 * 1024), 'gigabyte']
      : bytes >= 1024 * 1024
        ? [bytes / (1024 * 1024), 'megabyte']
        : [bytes / 1024, 'kilobyte'];
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

export function formatDay(epochMs: number, language: Language): string {
  return dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(epochMs));
}
