import type { FieldError } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { dateTimeFormat } from '@/lib/intl';

/** A Paris calendar day (YYYY-MM-DD) in the reader's language: no time zone moves it. */
export function useFormatDay() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/** Today in Paris, as the date inputs take it. */
export function parisToday(): string {
  return dateTimeFormat('en-CA').format(new Date());
}

const KNOWN_FIELD_MESSAGES = {
  'in the future': 'form.errors.future',
  'before the reception': 'form.errors.beforeReception',
  required: 'form.errors.required',
} as const;
const isKnown = (message: string): message is keyof typeof KNOWN_FIELD_MESSAGES =>
  message in KNOWN_FIELD_MESSAGES;

/**
 * The server's refusals of named fields, as the form's messages: its words are written for logs
 * (STYLE 6), so a known one gets its own text and any other the generic "not accepted".
 */
export function useServerFieldErrors() {
  const { t } = useTranslation('registers');
  return (error: unknown): Record<string, string> => {
    if (!isApiError(error)) return {};
    return Object.fromEntries(
      error.fields.map((field: FieldError) => [
        field.path,
        t(isKnown(field.message) ? KNOWN_FIELD_MESSAGES[field.message] : 'form.errors.notAccepted'),
      ]),
    );
  };
}
