import { type ChangePasswordInput, ChangePasswordInputSchema } from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { notify } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { PasswordStrengthMeter } from './password-strength-meter';

type ChangePasswordFormValues = z.input<typeof ChangePasswordInputSchema>;

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

const EMPTY_VALUES: ChangePasswordFormValues = { currentPassword: '', password: '', confirmPassword: '' };

/** Current, new (with the SPEC 5 strength meter and rules) and confirmation; the server's errors land on their field. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const meterId = useId();
  const [error, setError] = useState<unknown>(null);
  const { mutateAsync } = useChangePassword();
  const form = useForm<ChangePasswordFormValues, unknown, ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInputSchema, zodFormOptions),
    defaultValues: EMPTY_VALUES,
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await mutateAsync(values);
      // Passwords must not linger in the page once they have served.
      form.reset(EMPTY_VALUES);
      notify.success(t('changePassword.success'), t('changePassword.successDescription'));
    } catch (caught) {
      const isOnFields = showErrorOnFields(caught, form.setError, {
        fields: FIELDS,
        codeToField: {
          INVALID_CURRENT_PASSWORD: 'currentPassword',
          PASSWORD_TOO_WEAK: 'password',
          PASSWORD_TOO_COMMON: 'password',
          PASSWORDS_DONT_MATCH: 'confirmPassword',
        },
      });
      if (!isOnFields) setError(caught);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      <Field label={t('changePassword.current')} error={translateFieldError(errors.currentPassword?.message)}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        )}
      </Field>
      <Field
        label={t('changePassword.new')}
        error={translateFieldError(errors.password?.message)}
        describedBy={meterId}
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />
        )}
      </Field>
      <PasswordStrengthMeter id={meterId} password={password ?? ''} />
      <Field label={t('changePassword.confirm')} error={translateFieldError(errors.confirmPassword?.message)}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        )}
      </Field>
      <Button type="submit" isLoading={isSubmitting} className="self-start">
        {t('changePassword.submit')}
      </Button>
    </form>
  );
}
