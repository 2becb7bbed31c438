import { describe, expect, it } from 'vitest';
import { formatClock, formatDurationWords } from './format-duration';

/** Intl puts no-break spaces between a number and its unit; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('durations', () => {
  it('shows the running clock with minutes and seconds, and hours once there are some', () => {
    expect(formatClock(0, 'fr')).toBe('00:00');
    expect(formatClock(309, 'en')).toBe('05:09');
    expect(formatClock(3909, 'fr')).toBe('1:05:09');
    expect(formatClock(28_800, 'en')).toBe('8:00:00');
  });

  it('says durations in words in each language, with plurals', () => {
    expect(plain(formatDurationWords(3900, 'fr'))).toBe('1 heure et 5 minutes');
    expect(plain(formatDurationWords(3900, 'en'))).toBe('1 hour and 5 minutes');
    expect(plain(formatDurationWords(7200, 'fr'))).toBe('2 heures');
    expect(plain(formatDurationWords(45, 'en'))).toBe('45 seconds');
    expect(plain(formatDurationWords(1, 'fr'))).toBe('1 seconde');
  });
});
