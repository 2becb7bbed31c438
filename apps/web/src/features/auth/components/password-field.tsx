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
  /** For a controlled form (sign-in-form.tsx); react-hook-form's forms leave the input uncontrolled. */
  value?: string;
}

export function PasswordField({
  label,
  error,
  autoComplete,
  describedBy,
  registration,
  value,
}: PasswordFieldProps) {
  return (
    <Field label={label} error={translateFieldError(error)} describedBy={describedBy}>
      {(control) => (
        <Input {...control} type="password" autoComplete={autoComplete} value={value} {...registration} />
      )}
    </Field>
  );
}
