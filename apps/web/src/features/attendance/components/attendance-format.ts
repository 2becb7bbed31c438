import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

// Slots are half-days in Paris time (the server cuts them there), the zone every screen writes in.
export function formatDay(iso: string): string {
  return dateTimeFormat(getLanguage(), { dateStyle: 'full' }).format(new Date(iso));
}

export function formatTime(iso: string): string {
  return dateTimeFormat(getLanguage(), { timeStyle: 'short' }).format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat(getLanguage(), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
