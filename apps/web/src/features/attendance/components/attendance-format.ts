import { getLanguage } from '@/lib/i18n';

/** Slots are half-days in Paris time (the server cuts them there): shown in that time too. */
const TIME_ZONE = 'Europe/Paris';

export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(getLanguage(), { dateStyle: 'full', timeZone: TIME_ZONE }).format(
    new Date(iso),
  );
}

export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(getLanguage(), { timeStyle: 'short', timeZone: TIME_ZONE }).format(
    new Date(iso),
  );
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(getLanguage(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}
