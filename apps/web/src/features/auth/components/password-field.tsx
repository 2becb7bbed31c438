import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { translateFieldError } from '@/lib/form-errors';

export interface PasswordFieldProps {
  label: string;
  /** The form's stored error, translated here so it follows a language switch. */
  error: string | undefined;
  /** Tells password managers whether to fill a saved password or offer a new one. */
  autoComplete: 'current-password' | 'new-password';
  /** Ids of descriptions outside the field, such as the strength meter. */
  describedBy?: string;
  registration: UseFormRegisterReturn;
}

export function PasswordField({ label, error, autoComplete, describedBy, registration }: PasswordFieldProps) {
  return (
    <Field label={label} error={translateFieldError(error)} describedBy={describedBy}>
      {(control) => <Input {...control} type="password" autoComplete={autoComplete} {...registration} />}
    </Field>
  );
}
