import type { TFunction } from 'i18next';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

/** Dates in the reader's language, in Paris time like the rest of the app. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat(getLanguage(), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** "Firefox on Windows", with words for what the user agent did not say. */
export function describeDevice(
  t: TFunction<'accountSessions'>,
  session: { browser: string | null; os: string | null },
): string {
  return t('section.device', {
    browser: session.browser ?? t('section.unknownBrowser'),
    os: session.os ?? t('section.unknownOs'),
  });
}
