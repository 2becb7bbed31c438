import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatParisDateTime,
  parisDayEnd,
  parisDayStart,
  parisDaysIntoWeek,
  startOfParisDay,
  startOfParisWeek,
} from './paris-calendar.ts';

describe('the Paris calendar of the totals', () => {
  it('starts days and weeks at midnight in Paris, in winter and in summer', () => {
    expect(startOfParisDay(new Date('2026-01-11T23:30:00Z')).toISOString()).toBe('2026-01-11T23:00:00.000Z');
    expect(startOfParisWeek(new Date('2026-01-11T22:59:59Z')).toISOString()).toBe('2026-01-04T23:00:00.000Z');
    expect(startOfParisWeek(new Date('2026-01-11T23:00:00Z')).toISOString()).toBe('2026-01-11T23:00:00.000Z');
    expect(startOfParisWeek(new Date('2026-07-15T10:00:00Z')).toISOString()).toBe('2026-07-12T22:00:00.000Z');
  });

  it('keeps the week whole across the change to summer time (29 March 2026)', () => {
    expect(startOfParisWeek(new Date('2026-03-29T20:00:00Z')).toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(startOfParisDay(new Date('2026-03-29T20:00:00Z')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisDayEnd('2026-03-29').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(parisDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('agrees with Intl at every quarter hour of two years, the offset being kept per hour', () => {
    // The offset is computed once per UTC hour; reading it back for instants around both changes of
    // every year must give what Intl says of each instant itself.
    const inParis = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      dateStyle: 'short',
      timeStyle: 'medium',
      hourCycle: 'h23',
    });
    const weekdayInParis = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short' });
    const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 15 * 60_000 + 7_000) {
      const at = new Date(time);
      const midnight = startOfParisDay(at);
      expect(inParis.format(midnight), at.toISOString()).toBe(`${inParis.format(at).slice(0, 10)}, 00:00:00`);
      expect(WEEKDAYS[parisDaysIntoWeek(at)], at.toISOString()).toBe(weekdayInParis.format(at));
      const [day, clock] = inParis.format(at).split(', ');
      const [dd, mm, yyyy] = day!.split('/');
      expect(formatParisDateTime(at), at.toISOString()).toBe(`${yyyy}-${mm}-${dd} ${clock}`);
    }
  });

  it('counts whole days into the week from Monday', () => {
    expect(parisDaysIntoWeek(new Date('2026-01-12T08:00:00Z'))).toBe(0);
    expect(parisDaysIntoWeek(new Date('2026-01-15T08:00:00Z'))).toBe(3);
    expect(parisDaysIntoWeek(new Date('2026-01-18T22:30:00Z'))).toBe(6);
    expect(parisDaysIntoWeek(new Date('2026-01-18T23:30:00Z'))).toBe(0);
  });

  it('formats for the CSV export', () => {
    expect(formatParisDateTime(new Date('2026-07-01T08:05:09Z'))).toBe('2026-07-01 10:05:09');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(90_061)).toBe('25:01:01');
  });
});
