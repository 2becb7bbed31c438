import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGE_KEYS, getErrorMessageKey, getErrorSeverity } from '@/lib/error-severity';
import { resources } from '@/locales/resources';

describe('getErrorSeverity', () => {
  it.each([
    ['Failed to fetch dynamically imported module', 'medium'],
    ['Loading chunk 12 failed', 'medium'],
    ['Network request failed', 'medium'],
    ['Auth session missing', 'high'],
    ['Permission denied for table courses', 'high'],
    ['Database connection lost', 'critical'],
    ['Internal Server Error', 'critical'],
    ['Cannot read properties of undefined', 'low'],
  ] as const)('rates "%s" as %s', (message, severity) => {
    expect(getErrorSeverity(message)).toBe(severity);
  });

  it('keeps the most serious match when several words appear', () => {
    expect(getErrorSeverity('server fetch failed')).toBe('critical');
    expect(getErrorSeverity('auth network failure')).toBe('high');
  });
});

describe('getErrorMessageKey', () => {
  it('maps an exact message to its key', () => {
    expect(getErrorMessageKey('invalid login credentials')).toEqual({
      category: 'auth',
      key: 'invalidLoginCredentials',
    });
  });

  it('falls back to a case-insensitive substring', () => {
    expect(getErrorMessageKey('AuthApiError: Invalid login credentials')).toEqual({
      category: 'auth',
      key: 'invalidLoginCredentials',
    });
    expect(getErrorMessageKey('TypeError: Failed to FETCH')).toEqual({ category: 'network', key: 'fetch' });
    expect(getErrorMessageKey('insert violates Foreign Key Constraint')).toEqual({
      category: 'database',
      key: 'foreignKeyConstraint',
    });
    expect(getErrorMessageKey('App in maintenance mode')).toEqual({
      category: 'system',
      key: 'maintenanceMode',
    });
  });

  it('returns the unknown key when nothing matches', () => {
    expect(getErrorMessageKey('the cat ate the cable')).toEqual({ category: 'general', key: 'unknown' });
  });

  it('has a translation for every key in both languages', () => {
    for (const language of ['fr', 'en'] as const) {
      const catalogue = resources[language].errors.catalogue as Record<string, Record<string, string>>;
      for (const { category, key } of ERROR_MESSAGE_KEYS) {
        expect(catalogue[category]?.[key], `${language} ${category}.${key}`).toBeTruthy();
      }
    }
  });
});
