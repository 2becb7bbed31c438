/**
 * issue 12: the Intl formatters the screens use, each made once per language and options. Making
 * one reads ICU's data for its language each time: Mon Suivi's first render spent about 4 ms
 * (unthrottled, so 16 ms on Lighthouse's phone) making the same few, and the time tracker's clock
 * made two every second. The options are the code's own, so the cache holds a few dozen at most.
 */
const formatters = new Map<string, object>();

/**
 * The app's languages as Intl writes them: English as in Europe (the day before the month, a 24-hour
 * clock), as the e-mails and PDFs (en-GB) and the planning's calendar write it; plain 'en' is
 * American ('11/29/26, 1:48 AM'). Other locales pass as they are.
 */
const INTL_LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };

function cached<T extends object>(
  kind: string,
  language: string | undefined,
  options: object | undefined,
  make: (locale: string | undefined) => T,
): T {
  const locale = (language && INTL_LOCALES[language]) || language;
  const key = `${kind}|${locale}|${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make(locale);
    formatters.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(language?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', language, options, (locale) => new Intl.NumberFormat(locale, options));
}

/**
 * The zone every screen writes a moment in, unless its formatter names another (UTC for a calendar
 * day sent as midnight UTC): the platform's, in which organisations hold their sessions and the
 * e-mails, PDFs and the server's days are written. In the device's zone, a reader outside Paris saw
 * the same signature at 11:02 on the signatures page and 12:02 on the learner's record.
 */
export const DISPLAY_TIME_ZONE = 'Europe/Paris';

export function dateTimeFormat(language?: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const zoned = { timeZone: DISPLAY_TIME_ZONE, ...options };
  return cached('date', language, zoned, (locale) => new Intl.DateTimeFormat(locale, zoned));
}

export function relativeTimeFormat(
  language?: string,
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached('relative', language, options, (locale) => new Intl.RelativeTimeFormat(locale, options));
}

export function listFormat(language?: string, options?: Intl.ListFormatOptions): Intl.ListFormat {
  return cached('list', language, options, (locale) => new Intl.ListFormat(locale, options));
}

export function pluralRules(language?: string, options?: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached('plural', language, options, (locale) => new Intl.PluralRules(locale, options));
}
