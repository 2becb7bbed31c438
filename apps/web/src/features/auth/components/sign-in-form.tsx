import type { SignInInput } from '@cursus/contracts';
import { type FormEvent, useRef, useState } from 'react';
import type { UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError, isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, translateFieldError } from '@/lib/form-errors';
import { loadAuthCalls } from '../api/load-auth-calls';
import { useAuth } from '../hooks/use-auth';
import { PasswordField } from './password-field';
import type { SignInErrors, SignInField, SignInFormValues } from './sign-in-validation';
import { TwoFactorCodeStep } from './two-factor-code-step';

const FIELDS: readonly SignInField[] = ['email', 'password'];

type Validation = typeof import('./sign-in-validation');
let validation: Promise<Validation> | undefined;

/** sign-in-validation.ts (the contract's schema, and zod), loaded once; a failed load is tried again. */
function loadValidation(): Promise<Validation> {
  validation ??= import('./sign-in-validation').catch((error: unknown) => {
    validation = undefined;
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, cause: error });
  });
  return validation;
}

async function validate(values: SignInFormValues): Promise<{ input?: SignInInput; errors: SignInErrors }> {
  return (await loadValidation()).validateSignIn(values);
}

export interface SignInFormProps {
  /** 'admin' signs in through the administrators-only route (SPEC 2 /admin). */
  variant?: 'user' | 'admin';
  defaultEmail?: string;
  /** Called instead of showing NOT_ADMIN in the form (the admin page leaves for /unauthorized). */
  onNotAdmin?: () => void;
}

type ResendState = { status: 'idle' | 'pending' | 'success' } | { status: 'error'; error: unknown };

/** The confirmation email sent again, with its own pending, success and error states. */
function useResendConfirmation() {
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  const send = async (email: string) => {
    setState({ status: 'pending' });
    try {
      await (await loadAuthCalls()).resendConfirmation({ email });
      setState({ status: 'success' });
    } catch (error) {
      setState({ status: 'error', error });
    }
  };
  return { state, send, reset: () => setState({ status: 'idle' }) };
}

/**
 * Email and password sign-in. On success the session changes and the page around it redirects, so
 * this form never navigates itself.
 *
 * Two fields need no form library: validating with the contract's schema here keeps react-hook-form
 * (about 14 KB gzipped) out of the sign-in screen (issue 12). It behaves as the other forms do:
 * validated on submit, then on every change, the first invalid field focused. The schema and the
 * sign-in call bring zod: they load when the form first takes focus, not with the screen.
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
  // The password was right and the account has a second factor: its code step replaces the form.
  const [isCodeDue, setCodeDue] = useState(false);
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});

  // Once the person turns to the form: the time to type hides the load, and a visit that never signs
  // in (or a page audit) does not pay for zod. A failed load is not an error yet: submitting tries
  // again and says so if it fails.
  const preloadSubmit = () => {
    loadValidation().catch(() => undefined);
    loadAuthCalls().catch(() => undefined);
  };

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
      // Offline before the schema ever loaded: the errors shown stay until it can be checked.
      if (submitted)
        await validate(next).then(
          (checked) => setErrors(checked.errors),
          () => undefined,
        );
    },
    onBlur: async () => {},
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    setError(null);
    setUnconfirmedEmail(null);
    resend.reset();
    setSubmitting(true);
    let input: SignInInput | undefined;
    try {
      const validated = await validate(values);
      setErrors(validated.errors);
      input = validated.input;
      if (!input) {
        inputs.current[FIELDS.find((field) => validated.errors[field]) ?? 'email']?.focus();
        return;
      }
      const user = await (variant === 'admin' ? auth.adminSignIn(input) : auth.signIn(input));
      if (!user) setCodeDue(true);
    } catch (caught) {
      if (isApiError(caught, 'NOT_ADMIN') && onNotAdmin) {
        onNotAdmin();
        return;
      }
      if (input && isApiError(caught, 'EMAIL_NOT_CONFIRMED')) setUnconfirmedEmail(input.email);
      if (!showErrorOnFields(caught, setFieldError, { fields: FIELDS })) setError(caught);
    } finally {
      setSubmitting(false);
    }
  };

  if (isCodeDue)
    return (
      <TwoFactorCodeStep
        onRestart={() => {
          setCodeDue(false);
          setValues((previous) => ({ ...previous, password: '' }));
        }}
      />
    );

  return (
    <form onSubmit={onSubmit} onFocus={preloadSubmit} noValidate className="flex flex-col gap-4">
      {error !== null && (
        <Alert
          variant="error"
          action={
            unconfirmedEmail && (
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                isLoading={resend.state.status === 'pending'}
                onClick={() => resend.send(unconfirmedEmail)}
              >
                {t('signIn.resendConfirmation')}
              </Button>
            )
          }
        >
          {getErrorMessage(error)}
        </Alert>
      )}
      {resend.state.status === 'success' && <Alert variant="success">{t('signIn.confirmationResent')}</Alert>}
      {resend.state.status === 'error' && (
        <Alert variant="error">{getErrorMessage(resend.state.error)}</Alert>
      )}

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
