import { type ChangePasswordInput, ChangePasswordInputSchema } from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, zodFormOptions } from '@/lib/form-errors';
import { notify } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { NEW_PASSWORD_CODE_TO_FIELD, NewPasswordFields } from './new-password-fields';
import { PasswordField } from './password-field';

type ChangePasswordFormValues = z.input<typeof ChangePasswordInputSchema>;

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

const EMPTY_VALUES: ChangePasswordFormValues = { currentPassword: '', password: '', confirmPassword: '' };

/** Current, new (with the SPEC 5 strength meter and rules) and confirmation; the server's errors land on their field. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<unknown>(null);
  const { mutateAsync } = useChangePassword();
  const form = useForm<ChangePasswordFormValues, unknown, ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInputSchema, zodFormOptions),
    defaultValues: EMPTY_VALUES,
  });
  const { errors, isSubmitting } = form.formState;

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
          ...NEW_PASSWORD_CODE_TO_FIELD,
          INVALID_CURRENT_PASSWORD: 'currentPassword',
        },
      });
      if (!isOnFields) setError(caught);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      <PasswordField
        label={t('changePassword.current')}
        error={errors.currentPassword?.message}
        autoComplete="current-password"
        registration={form.register('currentPassword')}
      />
      <NewPasswordFields
        form={form}
        password={form.watch('password')}
        passwordLabel={t('changePassword.new')}
        confirmLabel={t('changePassword.confirm')}
      />
      <Button type="submit" isLoading={isSubmitting} className="self-start">
        {t('changePassword.submit')}
      </Button>
    </form>
  );
}
