import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { formatRetryDelay, getErrorMessage } from './error-message';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from './i18n';
import { formatSupportHours } from './support-hours';

// Intl separates numbers from units with no-break spaces; compare the words, not the space flavour.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('i18n', () => {
  afterEach(async () => {
    await i18n.changeLanguage('fr');
  });

  it('starts in French', () => {
    expect(i18n.language).toBe('fr');
    expect(i18n.t('common:actions.signOut')).toBe('Déconnexion');
  });

  it('keeps the chosen language and mirrors it on <html lang>', async () => {
    await changeLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('common:actions.signOut')).toBe('Sign out');
  });

  it('words the retry delay of a rate limit in each language, with its plural', async () => {
    const limited = new ApiError({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 30 });
    expect(plain(getErrorMessage(limited))).toBe('Trop de tentatives. Réessayez dans 30 secondes.');
    expect(plain(formatRetryDelay(60, 'fr'))).toBe('1 minute');
    expect(plain(formatRetryDelay(125, 'en'))).toBe('3 minutes');
    await changeLanguage('en');
    expect(plain(getErrorMessage(limited))).toBe('Too many attempts. Try again in 30 seconds.');
    expect(getErrorMessage(new ApiError({ code: 'RATE_LIMITED', status: 429 }))).toBe(
      'Too many attempts. Try again in a few minutes.',
    );
  });

  it('fills the password length into the weak-password message', () => {
    expect(getErrorMessage(new ApiError({ code: 'PASSWORD_TOO_WEAK', status: 400 }))).toContain(
      'au moins 8 caractères',
    );
  });

  it('writes the support hours with localised day names and times', () => {
    expect(plain(formatSupportHours('fr'))).toBe('du lundi au vendredi, de 9:00 à 18:00');
    expect(plain(formatSupportHours('en'))).toBe('Monday to Friday, 9:00 AM to 6:00 PM');
  });
});
