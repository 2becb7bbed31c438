import { type Language, TIME_TRACKING_TIME_ZONE } from '@cursus/contracts';
import { dateTimeFormat } from '@/lib/intl';

/**
 * Times in Paris, like the server's days and the CSV export: an auditor comparing the screen with
 * the file reads the same hours whatever the trainer's own time zone.
 */
export function formatParisDateTime(iso: string, language: Language): string {
  return dateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: TIME_TRACKING_TIME_ZONE,
  }).format(new Date(iso));
}

/** A calendar day ('YYYY-MM-DD', already a Paris day) in the reader's format. */
export function formatDay(day: string, language: Language): string {
  return dateTimeFormat(language, { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(day));
}
