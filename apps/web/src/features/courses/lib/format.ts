import type { Language } from '@cursus/contracts';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

/*
 * Numbers and dates as each language writes them (Intl): '1 250,50 €' and '12 mars 2025' in
 * French, '€1,250.50' and '12 Mar 2025' in English.
 */

export function formatDate(iso: string, language: Language): string {
  return dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatPrice(cents: number, language: Language): string {
  return numberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

export function formatHours(hours: number, language: Language): string {
  return numberFormat(language, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'long',
    maximumFractionDigits: 2,
  }).format(hours);
}

export function formatMinutes(minutes: number, language: Language): string {
  return numberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);
}

const FILE_SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

export function formatFileSize(bytes: number, language: Language): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(language, {
    style: 'unit',
    unit: FILE_SIZE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A decimal typed by a person, with a comma or a point ('1 250,5'); null when it is not one. */
export function parseDecimal(input: string): number | null {
  const normalised = input.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}

/** How a number is shown back in an input of that language (no grouping, the local decimal mark). */
export function formatDecimalInput(value: number, language: Language): string {
  return numberFormat(language, { useGrouping: false, maximumFractionDigits: 2 }).format(value);
}

/** A progress of 0 to 100 as the language writes a percentage ('40 %', '40%'). */
export function formatPercent(value: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}
