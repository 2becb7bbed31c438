import type { Language } from '@cursus/contracts';

/**
 * SPEC 9's quoting limits, in characters (Unicode code points) of the quoted text, ellipsis not
 * counted: a question quoted to its trainer, a trainer's reply sent to the learner, a learner's reply
 * sent to the trainer. The email says enough to know what it is about; the link opens the whole.
 */
export const QUOTE_LIMITS = { question: 200, replyToLearner: 300, replyToTrainer: 200 } as const;

/**
 * `text` whole when it fits in `max` characters; otherwise cut at the last space within the limit
 * (a word is never split), trailing punctuation dropped, and an ellipsis added. A single word longer
 * than the limit is cut at the limit: there is no better place.
 */
export function quoteExcerpt(text: string, max: number): string {
  const trimmed = text.trim();
  const characters = Array.from(trimmed);
  if (characters.length <= max) return trimmed;
  const window = characters.slice(0, max + 1).join('');
  const lastSpace = window.search(/\s\S*$/);
  const cut = lastSpace > 0 ? window.slice(0, lastSpace) : characters.slice(0, max).join('');
  return `${cut.replace(/[\s,;:.!?…-]+$/u, '')}…`;
}

const LOCALE: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };
/** The organisations are French: times are Paris times, said so, whatever the reader's language. */
const TIME_ZONE = 'Europe/Paris';

/** "mardi 1 décembre 2026 à 14:30 (heure de Paris)" / "Tuesday 1 December 2026 at 14:30 (Paris time)". */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  const written = new Intl.DateTimeFormat(LOCALE[language], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(date);
  return language === 'fr' ? `${written} (heure de Paris)` : `${written} (Paris time)`;
}

/** "1 heure 30 minutes" / "1 hour 30 minutes". */
export function formatDuration(minutes: number, language: Language): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(LOCALE[language], { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

export function formatPercent(progress: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], { style: 'percent', maximumFractionDigits: 0 }).format(
    progress / 100,
  );
}

/** One of two forms by count, the reader's language's plural rule choosing. */
export function plural(count: number, language: Language, forms: { one: string; other: string }): string {
  const form = new Intl.PluralRules(LOCALE[language]).select(count) === 'one' ? forms.one : forms.other;
  return form.replace('{count}', new Intl.NumberFormat(LOCALE[language]).format(count));
}
