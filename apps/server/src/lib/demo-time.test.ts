import { describe, expect, it } from 'vitest';
import { demoTime, demoWorkday } from './demo-time.ts';

// Sunday 29 November 2026, late in the evening: the seed's own time of day is not the demo's.
const SUNDAY = new Date('2026-11-29T22:47:13.000Z');
const FRIDAY = new Date('2026-11-27T06:05:00.000Z');

describe('demo dates', () => {
  it('puts a day at the hour asked, whatever the seed’s own time', () => {
    expect(demoTime(SUNDAY, -2, 8, 15).toISOString()).toBe('2026-11-27T08:15:00.000Z');
    expect(demoTime(SUNDAY, 3, 17).toISOString()).toBe('2026-12-02T17:00:00.000Z');
  });

  it('moves what a training organisation holds off a weekend: forward when to come, back when past', () => {
    // Today, a Sunday: the Monday after.
    expect(demoWorkday(SUNDAY, 0, 13).toISOString()).toBe('2026-11-30T13:00:00.000Z');
    // A week ago, a Sunday: the Friday before.
    expect(demoWorkday(SUNDAY, -7, 8).toISOString()).toBe('2026-11-20T08:00:00.000Z');
    // Tomorrow, a Saturday: the Monday after; yesterday, a Thursday, stays.
    expect(demoWorkday(FRIDAY, 1, 9, 30).toISOString()).toBe('2026-11-30T09:30:00.000Z');
    expect(demoWorkday(FRIDAY, -1, 9, 30).toISOString()).toBe('2026-11-26T09:30:00.000Z');
    // Six days ago, a Saturday: the Friday before.
    expect(demoWorkday(FRIDAY, -6, 14).toISOString()).toBe('2026-11-20T14:00:00.000Z');
    // Working days stay as they are.
    expect(demoWorkday(SUNDAY, 2, 15, 30).toISOString()).toBe('2026-12-01T15:30:00.000Z');
  });
});
