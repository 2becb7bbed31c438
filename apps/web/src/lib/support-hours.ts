import { type Language, SUPPORT_HOURS } from '@cursus/contracts';
import { getLanguage, i18n } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

// 1 January 2024 was a Monday: the reference week for naming days in any language.
const REFERENCE_MONDAY_UTC = Date.UTC(2024, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_INDEX = {
  monday: 0,
  tuesday: 1,
  wednesday: 2,
  thursday: 3,
  friday: 4,
  saturday: 5,
  sunday: 6,
} as const;

function dayName(day: keyof typeof DAY_INDEX, language: Language): string {
  const date = new Date(REFERENCE_MONDAY_UTC + DAY_INDEX[day] * DAY_MS);
  return dateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(date);
}

function timeOfDay(hhmm: string, language: Language): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const date = new Date(REFERENCE_MONDAY_UTC + (hours * 60 + minutes) * 60 * 1000);
  return dateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date);
}

/** SPEC 1 support hours (Monday to Friday, 9:00 to 18:00), in the reader's language and clock. */
export function formatSupportHours(language: Language = getLanguage()): string {
  const [firstDay, lastDay] = SUPPORT_HOURS.days.split('-') as [
    keyof typeof DAY_INDEX,
    keyof typeof DAY_INDEX,
  ];
  return i18n.t('common:supportHours', {
    lng: language,
    firstDay: dayName(firstDay, language),
    lastDay: dayName(lastDay, language),
    opens: timeOfDay(SUPPORT_HOURS.opens, language),
    closes: timeOfDay(SUPPORT_HOURS.closes, language),
  });
}
