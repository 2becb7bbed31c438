import type { AttendancePeriod } from '@cursus/contracts';

/** Half-days are cut at 13:00, Paris time (issue 15 point 2: at least two slots for a full day). */
const AFTERNOON_STARTS_AT_HOUR = 13;
const TIME_ZONE = 'Europe/Paris';

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(date: Date) {
  const parts = Object.fromEntries(
    parisParts.formatToParts(date).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** Minutes Paris is ahead of UTC at that instant (60 in winter, 120 in summer). */
function parisOffsetMinutes(date: Date): number {
  const wall = wallClock(date);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a Paris wall-clock time names (month 1-12; a day past the month's end rolls over). */
export function parisTime(year: number, month: number, day: number, hour: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - parisOffsetMinutes(new Date(guess)) * 60_000;
  return new Date(guess - parisOffsetMinutes(new Date(first)) * 60_000);
}

export interface SlotRange {
  period: AttendancePeriod;
  startsAt: Date;
  endsAt: Date;
}

/** The signing slots of a session: its time cut at each Paris noon-ish boundary and midnight. */
export function computeSlots(startsAt: Date, durationMinutes: number): SlotRange[] {
  const endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
  const slots: SlotRange[] = [];
  let cursor = startsAt;
  while (cursor < endsAt) {
    const wall = wallClock(cursor);
    const isMorning = wall.hour < AFTERNOON_STARTS_AT_HOUR;
    const boundary = isMorning
      ? parisTime(wall.year, wall.month, wall.day, AFTERNOON_STARTS_AT_HOUR)
      : parisTime(wall.year, wall.month, wall.day + 1, 0);
    const slotEnd = boundary < endsAt ? boundary : endsAt;
    slots.push({ period: isMorning ? 'morning' : 'afternoon', startsAt: cursor, endsAt: slotEnd });
    cursor = slotEnd;
  }
  return slots;
}
