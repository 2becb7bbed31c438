import { readFileSync } from 'node:fs';

const STEMS = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);

/**
 * Our rules already demand upper, lower, digit and symbol, so the passwords people actually
 * pick are a common word dressed with those ("Azerty123!"): strip the dressing and compare.
 */
export function isCommonPassword(password: string): boolean {
  const lowered = password
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  if (STEMS.has(lowered)) return true;
  const stem = lowered.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (stem === '' || STEMS.has(stem)) return true;
  // A digit-only core ("12345678!") or a keyboard row is as weak as a word.
  return /^(.)\1*$/u.test(stem);
}
