import { type EmailInput, EmailInputSchema } from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const forgotPassword = useForgotPassword();
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useForm<z.input<typeof EmailInputSchema>, unknown, EmailInput>({
    resolver: zodResolver(EmailInputSchema, zodFormOptions),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setIsSent(false);
    try {
      await forgotPassword.mutateAsync(values);
      setIsSent(true);
    } catch (caught) {
      // Whether an account exists is not for this page to reveal: an unknown email reads as sent.
      if (isApiError(caught, 'USER_NOT_FOUND')) setIsSent(true);
      else setError(caught);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {isSent && <Alert variant="success">{t('forgotPassword.sent')}</Alert>}
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      <Field label={t('fields.email')} error={translateFieldError(form.formState.errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Button type="submit" isLoading={form.formState.isSubmitting} className="w-full">
        {t('forgotPassword.submit')}
      </Button>
    </form>
  );
}
