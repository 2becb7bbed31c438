import { type SignInInput, SignInInputSchema } from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
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
import { useResendConfirmation } from '../api/resend-confirmation';
import { useAuth } from '../hooks/use-auth';
import { PasswordField } from './password-field';

type SignInFormValues = z.input<typeof SignInInputSchema>;

export interface SignInFormProps {
  /** 'admin' signs in through the administrators-only route (SPEC 2 /admin). */
  variant?: 'user' | 'admin';
  defaultEmail?: string;
  /** Called instead of showing NOT_ADMIN in the form (the admin page leaves for /unauthorized). */
  onNotAdmin?: () => void;
}

/**
 * Email and password sign-in. On success the session changes and the page around it redirects, so
 * this form never navigates itself.
 */
export function SignInForm({ variant = 'user', defaultEmail = '', onNotAdmin }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const resend = useResendConfirmation();
  const [error, setError] = useState<unknown>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const form = useForm<SignInFormValues, unknown, SignInInput>({
    resolver: zodResolver(SignInInputSchema, zodFormOptions),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setUnconfirmedEmail(null);
    resend.reset();
    try {
      await (variant === 'admin' ? auth.adminSignIn(values) : auth.signIn(values));
    } catch (caught) {
      if (isApiError(caught, 'NOT_ADMIN') && onNotAdmin) {
        onNotAdmin();
        return;
      }
      if (isApiError(caught, 'EMAIL_NOT_CONFIRMED')) setUnconfirmedEmail(values.email);
      if (!showErrorOnFields(caught, form.setError, { fields: ['email', 'password'] })) setError(caught);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error !== null && (
        <Alert
          variant="error"
          action={
            unconfirmedEmail && (
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                isLoading={resend.isPending}
                onClick={() => resend.mutate({ email: unconfirmedEmail })}
              >
                {t('signIn.resendConfirmation')}
              </Button>
            )
          }
        >
          {getErrorMessage(error)}
        </Alert>
      )}
      {resend.isSuccess && <Alert variant="success">{t('signIn.confirmationResent')}</Alert>}
      {resend.isError && <Alert variant="error">{getErrorMessage(resend.error)}</Alert>}

      <Field label={t('fields.email')} error={translateFieldError(errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <PasswordField
        label={t('fields.password')}
        error={errors.password?.message}
        autoComplete="current-password"
        registration={form.register('password')}
      />

      <Button type="submit" isLoading={isSubmitting} className="w-full">
        {variant === 'admin' ? t('adminSignIn.submit') : t('signIn.submit')}
      </Button>
      <Link to={paths.forgotPassword.getHref()} className={buttonClassName('link', 'md', 'self-center')}>
        {t('signIn.forgotPassword')}
      </Link>
    </form>
  );
}
