import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, listFormat, numberFormat, pluralRules, relativeTimeFormat } from './intl';

describe('Intl formatters (issue 12)', () => {
  it('are made once per language and options', () => {
    const percent = numberFormat('fr', { style: 'percent', maximumFractionDigits: 0 });
    expect(numberFormat('fr', { style: 'percent', maximumFractionDigits: 0 })).toBe(percent);
    expect(numberFormat('en', { style: 'percent', maximumFractionDigits: 0 })).not.toBe(percent);
    expect(numberFormat('fr', { style: 'percent', maximumFractionDigits: 1 })).not.toBe(percent);
    expect(dateTimeFormat('fr', { dateStyle: 'long' })).toBe(dateTimeFormat('fr', { dateStyle: 'long' }));
  });

  it('format as the formatters they stand for', () => {
    expect(numberFormat('fr', { style: 'percent' }).format(0.5)).toBe(
      new Intl.NumberFormat('fr', { style: 'percent' }).format(0.5),
    );
    expect(numberFormat('en', { style: 'percent' }).format(0.5)).toBe('50%');
    expect(listFormat('en', { type: 'conjunction' }).format(['a', 'b'])).toBe('a and b');
    expect(relativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
    expect(pluralRules('fr').select(1)).toBe('one');
    // English as written in Europe, as the e-mails and PDFs write it.
    expect(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(0))).toBe(
      '1 January 1970',
    );
    expect(dateTimeFormat('en', { timeStyle: 'short', timeZone: 'UTC' }).format(new Date(0))).toBe('00:00');
  });

  it('write a moment in Paris time whatever the device’s zone, unless told another zone', () => {
    // 10:02 UTC on 19 November is 11:02 in Paris (winter time), 10:02 on a device set to UTC.
    const signedAt = new Date('2026-11-19T10:02:00Z');
    expect(dateTimeFormat('en', { timeStyle: 'short' }).format(signedAt)).toBe('11:02');
    expect(dateTimeFormat('fr', { dateStyle: 'long', timeStyle: 'short' }).format(signedAt)).toBe(
      '19 novembre 2026 à 11:02',
    );
    expect(dateTimeFormat('en', { timeStyle: 'short', timeZone: 'UTC' }).format(signedAt)).toBe('10:02');
  });
});

describe('the app', () => {
  it('makes no Intl formatter of its own outside lib/intl.ts, nor one through toLocaleString', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const offenders = (readdirSync(src, { recursive: true }) as string[]).filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        file !== path.join('lib', 'intl.ts') &&
        /new Intl\.\w+\(|\.toLocale(Date|Time)?String\(/.test(readFileSync(path.join(src, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
