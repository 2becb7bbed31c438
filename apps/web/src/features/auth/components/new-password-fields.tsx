import type { ErrorCode } from '@cursus/contracts';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** Where the server's refusals of a new password belong, for `showErrorOnFields`' codeToField. */
export const NEW_PASSWORD_CODE_TO_FIELD = {
  PASSWORD_TOO_WEAK: 'password',
  PASSWORD_TOO_COMMON: 'password',
  PASSWORDS_DONT_MATCH: 'confirmPassword',
} as const satisfies Partial<Record<ErrorCode, keyof NewPasswordValues>>;

export interface NewPasswordFieldsProps {
  /** Only what the fields need, so any form whose values include both passwords fits. */
  form: Pick<UseFormReturn<NewPasswordValues>, 'register' | 'formState'>;
  /**
   * The form's watched password, graded by the meter as it is typed. Passed in because react-hook-form
   * types `control` and `watch` to the whole form's values, so they would not fit the Pick above.
   */
  password: string;
  passwordLabel: string;
  confirmLabel: string;
}

/** The new password with the SPEC 5 strength meter and rules it is described by, then its confirmation. */
export function NewPasswordFields({ form, password, passwordLabel, confirmLabel }: NewPasswordFieldsProps) {
  const meterId = useId();
  const { errors } = form.formState;
  return (
    <>
      <PasswordField
        label={passwordLabel}
        error={errors.password?.message}
        autoComplete="new-password"
        describedBy={meterId}
        registration={form.register('password')}
      />
      <PasswordStrengthMeter id={meterId} password={password} />
      <PasswordField
        label={confirmLabel}
        error={errors.confirmPassword?.message}
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
      />
    </>
  );
}
