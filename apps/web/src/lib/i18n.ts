import { LANGUAGES, type Language, normalizeLanguage, PASSWORD_MIN_LENGTH } from '@cursus/contracts';
import i18next, { type BackendModule, type FlatNamespace, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** SPEC 3: the local preference key, shared with the inline script in index.html. */
export const LANGUAGE_STORAGE_KEY = 'app-language';

export type Namespace = FlatNamespace;

/**
 * What the app shell shows before any route has loaded: the loading screen and route errors
 * (common, errors). Every other namespace loads with the route or layout that uses it
 * (app/router.tsx), the frames' and page titles' `navigation` among them: the sign-in screen reads
 * none of it (issue 12).
 */
export const START_NAMESPACES = ['common', 'errors'] as const satisfies readonly Namespace[];

/**
 * One chunk per language and namespace (`locales/en/time-tracking.json` holds `timeTracking`),
 * fetched the first time a route or a language switch asks for it. The service worker precaches
 * them all with the rest of the JavaScript, so the installed app has both languages offline.
 */
const LOCALE_FILES = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });

function localeFile(language: string, namespace: string): string {
  return `../locales/${language}/${namespace.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.json`;
}

const localeFiles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = LOCALE_FILES[localeFile(language, namespace)];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function readStoredLanguage(): Language {
  try {
    return normalizeLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): French is the default anyway.
    return 'fr';
  }
}

function persistLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting is acceptable: the choice still applies to this page.
  }
  document.documentElement.lang = language;
}

export const i18n = i18next.createInstance();

/**
 * Settles once the start namespaces of the stored language are in; main.tsx renders after it, so the
 * first paint is already translated.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage(),
    // Both languages have every key (locales/locales.test.ts), so neither ever downloads the other.
    fallbackLng: false,
    supportedLngs: LANGUAGES,
    ns: [...START_NAMESPACES],
    defaultNS: 'common',
    // Start loading now rather than on the next tick.
    initAsync: false,
    returnNull: false,
    interpolation: {
      // React escapes what it renders.
      escapeValue: false,
      defaultVariables: { passwordMinLength: PASSWORD_MIN_LENGTH },
    },
  });

i18n.on('languageChanged', (language) => persistLanguage(normalizeLanguage(language)));
persistLanguage(getLanguage());

export function getLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** The language a `changeLanguage` call is loading, until it applies. */
let switchingTo: Language | undefined;

/**
 * Loads the namespaces of `language` that are not in yet, reading again any that failed before
 * (i18next never retries a failed read by itself). Rejects when one still cannot be read.
 */
async function loadBundles(language: Language, namespaces: readonly string[]): Promise<void> {
  const missing = () => namespaces.filter((namespace) => !i18n.hasResourceBundle(language, namespace));
  if (missing().length === 0) return;
  await i18n.reloadResources([language], missing());
  const failed = missing();
  // "Loading" makes the route error screen retry by itself (lib/error-severity.ts).
  if (failed.length > 0) throw new Error(`Loading translations failed: ${language} ${failed.join(', ')}`);
}

/** The namespaces loaded so far (start, routes and layouts visited): a language switch needs them all. */
function namespacesInUse(): string[] {
  const { ns } = i18n.options;
  return typeof ns === 'string' ? [ns] : [...(ns ?? [])];
}

/**
 * Loads a route's namespaces in the current language (app/router.tsx awaits it with the route's
 * code, so the page never renders a raw key). They are remembered, so a later switch loads them too.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (namespaces.length === 0) return;
  await i18n.loadNamespaces([...namespaces]);
  // A switch under way only loads the namespaces known when it started: load these in its language too.
  const languages = new Set<Language>([getLanguage(), ...(switchingTo ? [switchingTo] : [])]);
  await Promise.all([...languages].map((language) => loadBundles(language, namespaces)));
}

/**
 * Loads every namespace in use in `language`, then switches: components re-render once, already
 * translated. Offline without the files (not precached), it rejects and the language stays.
 */
export async function changeLanguage(language: Language): Promise<void> {
  if ((switchingTo ?? getLanguage()) === language) return;
  switchingTo = language;
  try {
    await loadBundles(language, namespacesInUse());
    // A later choice won while this one was loading.
    if (switchingTo !== language) return;
    await i18n.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = undefined;
  }
}
