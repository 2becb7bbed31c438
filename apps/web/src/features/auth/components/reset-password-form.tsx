import { type ResetPasswordInput, ResetPasswordInputSchema } from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { PasswordStrengthMeter } from './password-strength-meter';

export interface ResetPasswordFormProps {
  /** The token from the emailed link. */
  token: string;
  onPasswordReset: () => void;
}

export function ResetPasswordForm({ token, onPasswordReset }: ResetPasswordFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const resetPassword = useResetPassword();
  const meterId = useId();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<z.input<typeof ResetPasswordInputSchema>, unknown, ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordInputSchema, zodFormOptions),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword.mutateAsync(values);
      onPasswordReset();
    } catch (caught) {
      const isOnFields = showErrorOnFields(caught, form.setError, {
        fields: ['password', 'confirmPassword'],
        codeToField: {
          PASSWORD_TOO_WEAK: 'password',
          PASSWORD_TOO_COMMON: 'password',
          PASSWORDS_DONT_MATCH: 'confirmPassword',
        },
      });
      if (!isOnFields) setError(caught);
    }
  });

  const isLinkDead = isApiError(error, 'RESET_LINK_INVALID') || isApiError(error, 'RESET_FAILED');

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error !== null && (
        <Alert
          variant="error"
          action={
            isLinkDead && (
              <Link
                to={paths.forgotPassword.getHref()}
                className={buttonClassName('link', 'md', 'self-start')}
              >
                {t('resetPassword.requestNewLink')}
              </Link>
            )
          }
        >
          {getErrorMessage(error)}
        </Alert>
      )}
      {errors.token && <Alert variant="error">{t('errors:RESET_LINK_INVALID')}</Alert>}
      <Field
        label={t('fields.newPassword')}
        error={translateFieldError(errors.password?.message)}
        describedBy={meterId}
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />
        )}
      </Field>
      <PasswordStrengthMeter id={meterId} password={password ?? ''} />
      <Field label={t('fields.confirmPassword')} error={translateFieldError(errors.confirmPassword?.message)}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        )}
      </Field>
      <Button type="submit" isLoading={isSubmitting} className="w-full">
        {t('resetPassword.submit')}
      </Button>
    </form>
  );
}
