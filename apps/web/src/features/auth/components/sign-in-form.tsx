import { type SignInInput, SignInInputSchema } from '@cursus/contracts';
import { type FormEvent, useRef, useState } from 'react';
import type { UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

type SignInField = 'email' | 'password';
type SignInFormValues = Record<SignInField, string>;
type SignInErrors = Partial<Record<SignInField, string>>;
const FIELDS: readonly SignInField[] = ['email', 'password'];

/** The parsed input, or the schema's first message for each field as tokens form-errors.ts translates. */
function validate(values: SignInFormValues): { input?: SignInInput; errors: SignInErrors } {
  const result = SignInInputSchema.safeParse(values, zodFormOptions);
  const errors: SignInErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as SignInField;
    errors[field] ??= issue.message;
  }
  return { input: result.data, errors };
}

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
 *
 * Two fields need no form library: validating with the contract's schema here keeps react-hook-form
 * (about 14 KB gzipped) out of the sign-in screen (issue 12). It behaves as the other forms do:
 * validated on submit, then on every change, the first invalid field focused.
 */
export function SignInForm({ variant = 'user', defaultEmail = '', onNotAdmin }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const resend = useResendConfirmation();
  const [error, setError] = useState<unknown>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [values, setValues] = useState<SignInFormValues>({ email: defaultEmail, password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});

  const setFieldError: UseFormSetError<SignInFormValues> = (name, fieldError, options) => {
    const field = name as SignInField;
    setErrors((previous) => ({ ...previous, [field]: fieldError.message }));
    if (options?.shouldFocus) inputs.current[field]?.focus();
  };

  const register = (field: SignInField): UseFormRegisterReturn<SignInField> => ({
    name: field,
    ref: (input) => {
      inputs.current[field] = input;
    },
    onChange: async (event: { target: { value: string } }) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      if (submitted) setErrors(validate(next).errors);
    },
    onBlur: async () => {},
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const { input, errors: invalid } = validate(values);
    setErrors(invalid);
    if (!input) {
      inputs.current[FIELDS.find((field) => invalid[field]) ?? 'email']?.focus();
      return;
    }
    setError(null);
    setUnconfirmedEmail(null);
    resend.reset();
    setSubmitting(true);
    try {
      await (variant === 'admin' ? auth.adminSignIn(input) : auth.signIn(input));
    } catch (caught) {
      if (isApiError(caught, 'NOT_ADMIN') && onNotAdmin) {
        onNotAdmin();
        return;
      }
      if (isApiError(caught, 'EMAIL_NOT_CONFIRMED')) setUnconfirmedEmail(input.email);
      if (!showErrorOnFields(caught, setFieldError, { fields: FIELDS })) setError(caught);
    } finally {
      setSubmitting(false);
    }
  };

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

      <Field label={t('fields.email')} error={translateFieldError(errors.email)}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" value={values.email} {...register('email')} />
        )}
      </Field>
      <PasswordField
        label={t('fields.password')}
        error={errors.password}
        autoComplete="current-password"
        value={values.password}
        registration={register('password')}
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
