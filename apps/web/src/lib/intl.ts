/**
 * issue 12: the Intl formatters the screens use, each made once per language and options. Making
 * one reads ICU's data for its language each time: Mon Suivi's first render spent about 4 ms
 * (unthrottled, so 16 ms on Lighthouse's phone) making the same few, and the time tracker's clock
 * made two every second. The options are the code's own, so the cache holds a few dozen at most.
 */
const formatters = new Map<string, object>();

function cached<T extends object>(
  kind: string,
  locale: string | undefined,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locale?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale?: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function relativeTimeFormat(
  locale?: string,
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

export function listFormat(locale?: string, options?: Intl.ListFormatOptions): Intl.ListFormat {
  return cached('list', locale, options, () => new Intl.ListFormat(locale, options));
}

export function pluralRules(locale?: string, options?: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached('plural', locale, options, () => new Intl.PluralRules(locale, options));
}
