import { dateTimeFormat, numberFormat } from '@/lib/intl';
/** A message's time: the hour today, the day and hour before (in the reader's language). */
export function formatMessageTime(iso: string, language: string, now: Date = new Date()): string {
  const date = new Date(iso);
  // Today as the formatter writes it (lib/intl.ts DISPLAY_TIME_ZONE), not in the device's zone.
  const day = dateTimeFormat('en-CA');
  const isToday = day.format(date) === day.format(now);
  return dateTimeFormat(
    language,
    isToday
      ? { hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  ).format(date);
}

/** A file's size, e.g. '1,2 Mo' in French or '1.2 MB' in English. */
export function formatFileSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  const exponent = Math.min(units.length - 1, Math.floor(Math.log(Math.max(bytes, 1)) / Math.log(1024)));
  return numberFormat(language, {
    style: 'unit',
    unit: units[exponent],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / 1024 ** exponent);
}
