import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

/** A file size limit in the reader's language ("5 Mo", "5 MB"). */
export function formatMegabytes(bytes: number): string {
  return numberFormat(getLanguage(), {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 0,
  }).format(bytes / (1024 * 1024));
}

/** A calendar day (`YYYY-MM-DD`) in the reader's language, read as that day wherever they are. */
export function formatDay(day: string): string {
  return dateTimeFormat(getLanguage(), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
