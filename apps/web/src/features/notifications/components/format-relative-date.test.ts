import { describe, expect, it } from 'vitest';
import { formatRelativeDate } from './format-relative-date';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeDate', () => {
  it('words recent dates in French', () => {
    expect(formatRelativeDate(ago(20), now, 'fr')).toBe('maintenant');
    expect(formatRelativeDate(ago(5 * 60), now, 'fr')).toBe('il y a 5 minutes');
    expect(formatRelativeDate(ago(3 * 3600), now, 'fr')).toBe('il y a 3 heures');
    expect(formatRelativeDate(ago(26 * 3600), now, 'fr')).toBe('hier');
  });

  it('words older dates in English, in the largest unit that fits', () => {
    expect(formatRelativeDate(ago(2 * 86400), now, 'en')).toBe('2 days ago');
    expect(formatRelativeDate(ago(15 * 86400), now, 'en')).toBe('2 weeks ago');
    expect(formatRelativeDate(ago(400 * 86400), now, 'en')).toBe('last year');
  });

  it('does not read a date slightly ahead of the local clock as the future', () => {
    expect(formatRelativeDate(new Date(now.getTime() + 10_000), now, 'en')).toBe('now');
  });
});
