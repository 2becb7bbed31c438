import { describe, expect, it } from 'vitest';
import { getInitials } from './initials';

describe('getInitials (SPEC 5)', () => {
  it('takes the first letter of the first two words of the full name', () => {
    expect(getInitials('Ana Lopez', 'ana@example.org')).toBe('AL');
    expect(getInitials('jean-pierre de la Fontaine', 'jp@example.org')).toBe('JD');
  });

  it('uses a single letter for a one-word name', () => {
    expect(getInitials('Madonna', 'm@example.org')).toBe('M');
  });

  it('falls back to the first two letters of the email when there is no name', () => {
    expect(getInitials('', 'zoe@example.org')).toBe('ZO');
    expect(getInitials('   ', 'zoe@example.org')).toBe('ZO');
    expect(getInitials(null, 'élise@example.org')).toBe('ÉL');
  });

  it('copes with accented names and extra spaces', () => {
    expect(getInitials('  Élodie   Ørsted ', 'e@example.org')).toBe('ÉØ');
  });
});
