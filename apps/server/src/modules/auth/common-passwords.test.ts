import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it('refuses common words dressed up to pass the character rules', () => {
    for (const password of [
      'Azerty123!',
      'P@ssw0rd',
      'Motdepasse2024!',
      'Soleil#01',
      '!!Bonjour99',
      '12345678!Aa',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that are not built on a common stem', () => {
    for (const password of ['Vif-Argent-42', 'Kq7-ZmBt-2r9x', 'Tout-Neuf-2026']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('refuses each of the 3,000 most common breached passwords, as typed and dressed up', () => {
    const top = dictionary['passwords-common'].slice(0, 3000);
    expect(top.filter((password) => !isCommonPassword(password))).toEqual([]);
    expect(isCommonPassword('Michael1984!')).toBe(true);
    expect(isCommonPassword('#Sunshine2025')).toBe(true);
  });
});
