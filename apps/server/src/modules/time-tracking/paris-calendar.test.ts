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
