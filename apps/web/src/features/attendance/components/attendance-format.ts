import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

/** Slots are half-days in Paris time (the server cuts them there): shown in that time too. */
const TIME_ZONE = 'Europe/Paris';

export function formatDay(iso: string): string {
  return dateTimeFormat(getLanguage(), { dateStyle: 'full', timeZone: TIME_ZONE }).format(new Date(iso));
}

export function formatTime(iso: string): string {
  return dateTimeFormat(getLanguage(), { timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat(getLanguage(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}
