import { TIME_TRACKING_TIME_ZONE } from '@cursus/contracts';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_TRACKING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const HOUR_MS = 3_600_000;
/** Offsets already computed, by UTC hour; bounded, as a long-running server meets new hours. */
const offsetByHour = new Map<number, number>();
const OFFSETS_KEPT = 10_000;

/**
 * Paris's offset from UTC at an instant, in milliseconds (1 h in winter, 2 h in summer). It changes
 * on the hour in UTC (01:00), so it is read from Intl once per UTC hour: formatToParts costs about
 * 10 µs, and Mon Suivi's week and day bounds asked for it about ten times a request (issue 12).
 */
function offsetAt(at: Date): number {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  const fields = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(fields.year),
    Number(fields.month) - 1,
    Number(fields.day),
    Number(fields.hour),
    Number(fields.minute),
    Number(fields.second),
  );
  const offset = asUtc - Math.floor(at.getTime() / 1000) * 1000;
  if (offsetByHour.size >= OFFSETS_KEPT) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** The wall-clock fields of an instant in Paris. */
function wallClock(at: Date) {
  const wall = new Date(at.getTime() + offsetAt(at));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The instant of midnight, Paris time, of a calendar day (month from 1). */
export function parisMidnight(year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(new Date(guess));
  // Near a daylight-saving change the offset at the guess may differ from the one at midnight.
  const second = guess - offsetAt(new Date(first));
  return new Date(second);
}

export function startOfParisDay(at: Date): Date {
  const wall = wallClock(at);
  return parisMidnight(wall.year, wall.month, wall.day);
}

/** Weeks start on Monday (France). */
export function startOfParisWeek(at: Date): Date {
  const wall = wallClock(at);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  const daysSinceMonday = (weekday + 6) % 7;
  const monday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day - daysSinceMonday));
  return parisMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate());
}

/** Whole days of the week already past, Monday 0 to Sunday 6. */
export function parisDaysIntoWeek(at: Date): number {
  const wall = wallClock(at);
  return (new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() + 6) % 7;
}

/** 'YYYY-MM-DD' (a day in Paris) to the instant it starts. */
export function parisDayStart(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return parisMidnight(year!, month!, day!);
}

/** 'YYYY-MM-DD' to the instant the next day starts (an inclusive 'to' filter). */
export function parisDayEnd(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year!, month! - 1, day! + 1));
  return parisMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/** '2026-03-29 14:05:09', Paris time: what the CSV export shows. */
export function formatParisDateTime(at: Date): string {
  const wall = wallClock(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

/** 3725 → '01:02:05'; hours may exceed 24 in totals. */
export function formatDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((value) => String(value).padStart(2, '0')).join(':');
}
