import { type ResetPasswordInput, ResetPasswordInputSchema } from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, zodFormOptions } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { NEW_PASSWORD_CODE_TO_FIELD, NewPasswordFields } from './new-password-fields';

export interface ResetPasswordFormProps {
  /** The token from the emailed link. */
  token: string;
  onPasswordReset: () => void;
}

export function ResetPasswordForm({ token, onPasswordReset }: ResetPasswordFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const resetPassword = useResetPassword();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<z.input<typeof ResetPasswordInputSchema>, unknown, ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordInputSchema, zodFormOptions),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword.mutateAsync(values);
      onPasswordReset();
    } catch (caught) {
      const isOnFields = showErrorOnFields(caught, form.setError, {
        fields: ['password', 'confirmPassword'],
        codeToField: NEW_PASSWORD_CODE_TO_FIELD,
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
      <NewPasswordFields
        form={form}
        password={form.watch('password')}
        passwordLabel={t('fields.newPassword')}
        confirmLabel={t('fields.confirmPassword')}
      />
      <Button type="submit" isLoading={isSubmitting} className="w-full">
        {t('resetPassword.submit')}
      </Button>
    </form>
  );
}
