import { z } from 'zod';

/** SPEC 5: the French wording's 8 characters applies in both languages. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULES = {
  minLength: (value: string) => value.length >= PASSWORD_MIN_LENGTH,
  upper: (value: string) => /\p{Lu}/u.test(value),
  lower: (value: string) => /\p{Ll}/u.test(value),
  digit: (value: string) => /\d/.test(value),
  special: (value: string) => /[^\p{L}\d\s]/u.test(value),
} as const;
export type PasswordRule = keyof typeof PASSWORD_RULES;

export function failedPasswordRules(value: string): PasswordRule[] {
  return (Object.keys(PASSWORD_RULES) as PasswordRule[]).filter((rule) => !PASSWORD_RULES[rule](value));
}

export const PASSWORD_STRENGTHS = ['veryWeak', 'weak', 'medium', 'strong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

/** The four SPEC 5 strength labels, from how many rules hold and the length. */
export function passwordStrength(value: string): PasswordStrength {
  const satisfied = 5 - failedPasswordRules(value).length;
  if (value.length >= 12 && satisfied === 5) return 'strong';
  if (satisfied === 5) return 'medium';
  if (satisfied >= 3) return 'weak';
  return 'veryWeak';
}

export const PasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .superRefine((value, context) => {
    if (failedPasswordRules(value).length > 0) {
      context.addIssue({
        code: 'custom',
        message: 'PASSWORD_TOO_WEAK',
        params: { rules: failedPasswordRules(value) },
      });
    }
  });
