import { GROUP_SESSION_TIME_ZONE } from '@cursus/contracts';
import { dateTimeFormat } from '@/lib/intl';

const parts = dateTimeFormat('en-GB', {
  timeZone: GROUP_SESSION_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The Paris wall clock of an instant, as a `datetime-local` input writes it ('2026-11-26T14:30'). */
export function toParisInput(iso: string): string {
  const value = Object.fromEntries(parts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${value.year}-${value.month}-${value.day}T${value.hour}:${value.minute}`;
}

/**
 * The instant a Paris wall clock names, whatever the browser's own zone: the offset is read at a
 * first guess and read again there, which settles across a daylight-saving change. Null for text
 * that is not a `datetime-local` value.
 */
export function fromParisInput(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, ...number[]];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  const offsetAt = (instant: number) => {
    const seen = toParisInput(new Date(instant).toISOString());
    const [date, time] = seen.split('T') as [string, string];
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const [h, min] = time.split(':').map(Number) as [number, number];
    return Date.UTC(y, m - 1, d, h, min) - instant;
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant).toISOString();
}
