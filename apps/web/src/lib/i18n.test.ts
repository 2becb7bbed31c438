import { LANGUAGES } from '@cursus/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@/locales/resources';
import { ApiError } from './api-client';
import { formatRetryDelay, getErrorMessage } from './error-message';
import {
  changeLanguage,
  i18n,
  LANGUAGE_STORAGE_KEY,
  loadNamespaces,
  type Namespace,
  START_NAMESPACES,
} from './i18n';
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
    expect(plain(formatSupportHours('en'))).toBe('Monday to Friday, 9:00 to 18:00');
  });

  // The test setup puts every namespace in up front; these remove some to load them as the app does.
  describe('loading', () => {
    it('loads a route namespace in the current language only, from its own file', async () => {
      for (const language of LANGUAGES) i18n.removeResourceBundle(language, 'timeTracking');
      await loadNamespaces(['timeTracking']);
      expect(i18n.options.ns).toContain('timeTracking');
      expect(i18n.hasResourceBundle('fr', 'timeTracking')).toBe(true);
      expect(i18n.hasResourceBundle('en', 'timeTracking')).toBe(false);
      expect(i18n.getResourceBundle('fr', 'timeTracking')).toEqual(resources.fr.timeTracking);
    });

    it('finds the file of every namespace in both languages', async () => {
      for (const language of LANGUAGES) {
        for (const namespace of Object.keys(resources[language]) as Namespace[]) {
          i18n.removeResourceBundle(language, namespace);
          await i18n.reloadResources([language], [namespace]);
          expect(i18n.getResourceBundle(language, namespace), `${language}/${namespace}`).toEqual(
            resources[language][namespace],
          );
        }
      }
    });

    it('starts with the shell namespaces', () => {
      expect(i18n.options.ns).toEqual(expect.arrayContaining([...START_NAMESPACES]));
    });

    it('loads every namespace in use in the new language before switching to it', async () => {
      i18n.removeResourceBundle('en', 'courses');
      i18n.removeResourceBundle('en', 'common');
      // Removing a bundle forgets its namespace: a route in French asks for them again.
      await loadNamespaces(['courses', 'common']);
      expect(i18n.hasResourceBundle('en', 'courses')).toBe(false);
      const seenAtSwitch = vi.fn();
      const onChanged = () =>
        seenAtSwitch(i18n.hasResourceBundle('en', 'courses'), i18n.hasResourceBundle('en', 'common'));
      i18n.on('languageChanged', onChanged);
      try {
        await changeLanguage('en');
      } finally {
        i18n.off('languageChanged', onChanged);
      }
      expect(seenAtSwitch).toHaveBeenCalledWith(true, true);
      expect(i18n.t('common:actions.signOut')).toBe('Sign out');
    });

    it('keeps the latest choice when switches overlap', async () => {
      const toEnglish = changeLanguage('en');
      const backToFrench = changeLanguage('fr');
      await Promise.all([toEnglish, backToFrench]);
      expect(i18n.language).toBe('fr');
    });

    it('fails, rather than render keys, when a namespace has no file', async () => {
      // i18next adds the namespace to this very array: keep a copy to put back.
      const namespaces = [...(i18n.options.ns ?? [])];
      try {
        await expect(loadNamespaces(['missing' as Namespace])).rejects.toThrow('Loading translations failed');
      } finally {
        i18n.options.ns = namespaces;
      }
    });
  });
});
