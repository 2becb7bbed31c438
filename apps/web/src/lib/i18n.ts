import { type Language, normalizeLanguage, PASSWORD_MIN_LENGTH } from '@cursus/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import adminEn from '@/locales/en/admin.json';
import authEn from '@/locales/en/auth.json';
import commonEn from '@/locales/en/common.json';
import connectionLogsEn from '@/locales/en/connection-logs.json';
import coursesEn from '@/locales/en/courses.json';
import dashboardEn from '@/locales/en/dashboard.json';
import errorsEn from '@/locales/en/errors.json';
import helpEn from '@/locales/en/help.json';
import learningEn from '@/locales/en/learning.json';
import legalEn from '@/locales/en/legal.json';
import navigationEn from '@/locales/en/navigation.json';
import notificationsEn from '@/locales/en/notifications.json';
import organizationsEn from '@/locales/en/organizations.json';
import profileEn from '@/locales/en/profile.json';
import settingsEn from '@/locales/en/settings.json';
import timeTrackingEn from '@/locales/en/time-tracking.json';
import adminFr from '@/locales/fr/admin.json';
import authFr from '@/locales/fr/auth.json';
import commonFr from '@/locales/fr/common.json';
import connectionLogsFr from '@/locales/fr/connection-logs.json';
import coursesFr from '@/locales/fr/courses.json';
import dashboardFr from '@/locales/fr/dashboard.json';
import errorsFr from '@/locales/fr/errors.json';
import helpFr from '@/locales/fr/help.json';
import learningFr from '@/locales/fr/learning.json';
import legalFr from '@/locales/fr/legal.json';
import navigationFr from '@/locales/fr/navigation.json';
import notificationsFr from '@/locales/fr/notifications.json';
import organizationsFr from '@/locales/fr/organizations.json';
import profileFr from '@/locales/fr/profile.json';
import settingsFr from '@/locales/fr/settings.json';
import timeTrackingFr from '@/locales/fr/time-tracking.json';

/** SPEC 3: the local preference key, shared with the inline script in index.html. */
export const LANGUAGE_STORAGE_KEY = 'app-language';

export const resources = {
  fr: {
    common: commonFr,
    errors: errorsFr,
    auth: authFr,
    organizations: organizationsFr,
    courses: coursesFr,
    learning: learningFr,
    admin: adminFr,
    legal: legalFr,
    navigation: navigationFr,
    profile: profileFr,
    help: helpFr,
    notifications: notificationsFr,
    dashboard: dashboardFr,
    connectionLogs: connectionLogsFr,
    settings: settingsFr,
    timeTracking: timeTrackingFr,
  },
  en: {
    common: commonEn,
    errors: errorsEn,
    auth: authEn,
    organizations: organizationsEn,
    courses: coursesEn,
    learning: learningEn,
    admin: adminEn,
    legal: legalEn,
    navigation: navigationEn,
    profile: profileEn,
    help: helpEn,
    notifications: notificationsEn,
    dashboard: dashboardEn,
    connectionLogs: connectionLogsEn,
    settings: settingsEn,
    timeTracking: timeTrackingEn,
  },
} as const;

export const NAMESPACES = Object.keys(resources.fr) as (keyof typeof resources.fr)[];

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

i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: 'fr',
  supportedLngs: ['fr', 'en'],
  ns: NAMESPACES,
  defaultNS: 'common',
  // Resources are bundled, so initialisation is synchronous and the first render is already translated.
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

export async function changeLanguage(language: Language): Promise<void> {
  if (getLanguage() === language) return;
  await i18n.changeLanguage(language);
}
