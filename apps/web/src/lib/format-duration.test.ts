import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

// Intl separates numbers from units with no-break spaces; compare the words, not the space flavour.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatDuration', () => {
  it('writes hours and minutes in each language', () => {
    expect(plain(formatDuration(2 * 3600 + 15 * 60 + 59, 'fr'))).toBe('2 h 15 min');
    expect(plain(formatDuration(2 * 3600 + 15 * 60, 'en'))).toBe('2 hrs 15 mins');
    expect(plain(formatDuration(3 * 3600, 'fr'))).toBe('3 h');
  });

  it('keeps short times readable and never rounds a minute up', () => {
    expect(plain(formatDuration(0, 'fr'))).toBe('0 min');
    expect(plain(formatDuration(45, 'fr'))).toBe('45 s');
    expect(plain(formatDuration(119, 'fr'))).toBe('1 min');
  });
});
