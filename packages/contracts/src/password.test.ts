import { describe, expect, it } from 'vitest';
import { SignUpInputSchema } from './auth.ts';
import { failedPasswordRules, passwordStrength } from './password.ts';

describe('password rules (SPEC 5)', () => {
  it('names each rule a password breaks', () => {
    expect(failedPasswordRules('abc')).toEqual(['minLength', 'upper', 'digit', 'special']);
    expect(failedPasswordRules('Abcdefg1!')).toEqual([]);
  });

  it('grades the four strength labels', () => {
    expect(passwordStrength('abc')).toBe('veryWeak');
    expect(passwordStrength('abcdefgh1')).toBe('weak');
    expect(passwordStrength('Abcdefg1!')).toBe('medium');
    expect(passwordStrength('Abcdefgh1!xyz')).toBe('strong');
  });

  it('refuses sign-ups whose passwords differ, on the confirmation field', () => {
    const result = SignUpInputSchema.safeParse({
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@example.org',
      role: 'student',
      password: 'Abcdefg1!',
      confirmPassword: 'Abcdefg1?',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword']);
    expect(result.error?.issues[0]?.message).toBe('PASSWORDS_DONT_MATCH');
  });

  it('stores emails lower-cased and trimmed', () => {
    const result = SignUpInputSchema.parse({
      firstName: 'Ana',
      lastName: 'Lopez',
      email: '  Ana@Example.ORG ',
      role: 'trainer',
      password: 'Abcdefg1!',
      confirmPassword: 'Abcdefg1!',
    });
    expect(result.email).toBe('ana@example.org');
  });
});
