import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

export function formatDateTime(iso: string) {
  return dateTimeFormat(getLanguage(), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

/** A countdown as m:ss (or h:mm:ss past an hour). */
export function formatCountdown(milliseconds: number) {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
