import { type SignInInput, SignInInputSchema } from '@cursus/contracts';
import { zodFormOptions } from '@/lib/form-errors';

export type SignInField = 'email' | 'password';
export type SignInFormValues = Record<SignInField, string>;
export type SignInErrors = Partial<Record<SignInField, string>>;

/**
 * The parsed input, or the schema's first message for each field as tokens form-errors.ts translates.
 * The schema brings zod, so the form loads this when idle or on first submit (issue 12).
 */
export function validateSignIn(values: SignInFormValues): { input?: SignInInput; errors: SignInErrors } {
  const result = SignInInputSchema.safeParse(values, zodFormOptions);
  const errors: SignInErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as SignInField;
    errors[field] ??= issue.message;
  }
  return { input: result.data, errors };
}
