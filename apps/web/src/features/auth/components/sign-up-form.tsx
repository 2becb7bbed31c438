import { type SignUpInput, SignUpInputSchema } from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { useAuth } from '../hooks/use-auth';
import { NEW_PASSWORD_CODE_TO_FIELD, NewPasswordFields } from './new-password-fields';

type SignUpFormValues = z.input<typeof SignUpInputSchema>;

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'role',
  'organizationName',
] as const;

export interface SignUpFormProps {
  /** Called with the email once the account exists; it still needs its email confirmed (SPEC 4). */
  onSignedUp: (email: string) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<SignUpFormValues, unknown, SignUpInput>({
    resolver: zodResolver(SignUpInputSchema, zodFormOptions),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      role: 'student',
      organizationName: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const role = form.watch('role');

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await auth.signUp({
        ...values,
        // Only a trainer creates an organisation; an empty name lets the server pick one (SPEC 5).
        organizationName:
          values.role === 'trainer' && values.organizationName ? values.organizationName : undefined,
      });
      onSignedUp(values.email);
    } catch (caught) {
      const isOnFields = showErrorOnFields(caught, form.setError, {
        fields: FIELDS,
        codeToField: {
          ...NEW_PASSWORD_CODE_TO_FIELD,
          ACCOUNT_EXISTS: 'email',
        },
      });
      if (!isOnFields) setError(caught);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.firstName')} error={translateFieldError(errors.firstName?.message)}>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </Field>
        <Field label={t('fields.lastName')} error={translateFieldError(errors.lastName?.message)}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </Field>
      </div>
      <Field label={t('fields.email')} error={translateFieldError(errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <NewPasswordFields
        form={form}
        password={form.watch('password')}
        passwordLabel={t('fields.password')}
        confirmLabel={t('fields.confirmPassword')}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-foreground">{t('fields.role')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['student', 'trainer'] as const).map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                role === value ? 'border-primary bg-muted text-foreground' : 'border-input text-foreground',
              )}
            >
              <input
                type="radio"
                value={value}
                className={cn('size-4 accent-primary', FOCUS_RING)}
                {...form.register('role')}
              />
              {value === 'student' ? t('fields.roleStudent') : t('fields.roleTrainer')}
            </label>
          ))}
        </div>
        {errors.role && <p className="text-sm text-danger">{translateFieldError(errors.role.message)}</p>}
      </fieldset>

      {role === 'trainer' && (
        <Field
          label={t('fields.organizationName')}
          error={translateFieldError(errors.organizationName?.message)}
          description={t('fields.organizationNameHint')}
        >
          {(control) => (
            <Input {...control} autoComplete="organization" {...form.register('organizationName')} />
          )}
        </Field>
      )}

      <Button type="submit" isLoading={isSubmitting} className="w-full">
        {t('signUp.submit')}
      </Button>
    </form>
  );
}
