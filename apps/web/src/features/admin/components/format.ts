import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format-duration';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

/** The nouns the admin space counts (admin.json `counts`), each with its singular and plural. */
type CountedNoun = 'learners' | 'trainers' | 'admins' | 'published' | 'drafts' | 'modules' | 'lessons';

/** Numbers, durations and dates in the reader's language; days are Paris days, like the server's. */
export function useAdminFormat() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const number = numberFormat(locale);
  const date = dateTimeFormat(locale, { dateStyle: 'long' });
  const shortDate = dateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
  });
  const dateTime = dateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const month = dateTimeFormat(locale, { month: 'long', year: 'numeric' });
  return {
    number: (value: number) => number.format(value),
    /** "1 formateur", "3 formateurs": a figure with its noun, for sentences that hold several. */
    counted: (noun: CountedNoun, value: number) =>
      t(`counts.${noun}`, { count: value, formatted: number.format(value) }),
    duration: (seconds: number) => formatDuration(seconds, getLanguage()),
    date: (iso: string) => date.format(new Date(iso)),
    /** A YYYY-MM-DD day, as a calendar day. */
    day: (day: string) => date.format(new Date(`${day}T12:00:00Z`)),
    shortDate: (iso: string) => shortDate.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    month: (iso: string) => month.format(new Date(iso)),
  };
}

export type AdminFormat = ReturnType<typeof useAdminFormat>;
