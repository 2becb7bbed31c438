import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { useAuth } from '../hooks/use-auth';

type Method = 'totp' | 'recovery';

/** Six digits once spaces are dropped; a recovery code is ten letters and digits, dash optional. */
const FORMATS: Record<Method, RegExp> = {
  totp: /^\d{6}$/,
  recovery: /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/,
};

export interface TwoFactorCodeStepProps {
  /** Back to the email and password (the 10-minute challenge expired, or another account). */
  onRestart: () => void;
}

/**
 * The second step of signing in to an account with two-factor authentication: the code of the
 * authenticator app, or one of the recovery codes. On success the session changes and the page
 * around it redirects, as after the password step.
 */
export function TwoFactorCodeStep({ onRestart }: TwoFactorCodeStepProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const descriptionId = useId();

  const switchMethod = () => {
    setMethod((current) => (current === 'totp' ? 'recovery' : 'totp'));
    setCode('');
    setFieldError(undefined);
    setError(null);
    input.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setError(null);
    const typed = code.replace(/\s/g, '');
    if (!FORMATS[method].test(typed)) {
      setFieldError(t(method === 'totp' ? 'twoFactor.codeFormat' : 'twoFactor.recoveryFormat'));
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    setSubmitting(true);
    try {
      await auth.completeTwoFactorSignIn({ method, code: typed });
    } catch (caught) {
      if (isApiError(caught, 'INVALID_TWO_FACTOR_CODE')) {
        setFieldError(getErrorMessage(caught));
        setCode('');
        input.current?.focus();
      } else setError(caught);
    } finally {
      setSubmitting(false);
    }
  };

  const expired = isApiError(error, 'TWO_FACTOR_CHALLENGE_EXPIRED');
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-describedby={descriptionId}>
      <p id={descriptionId} className="text-sm text-muted-foreground">
        {t(method === 'totp' ? 'twoFactor.totpDescription' : 'twoFactor.recoveryDescription')}
      </p>
      {error !== null && (
        <Alert
          variant="error"
          action={
            expired && (
              <Button variant="secondary" size="sm" className="self-start" onClick={onRestart}>
                {t('twoFactor.restart')}
              </Button>
            )
          }
        >
          {getErrorMessage(error)}
        </Alert>
      )}
      <Field
        label={t(method === 'totp' ? 'twoFactor.codeLabel' : 'twoFactor.recoveryLabel')}
        error={fieldError}
      >
        {(control) => (
          <Input
            {...control}
            ref={input}
            // The step replaces the password form: the person's next act is typing the code.
            autoFocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            {...(method === 'totp'
              ? { autoComplete: 'one-time-code', inputMode: 'numeric' as const, maxLength: 7 }
              : { autoComplete: 'off', autoCapitalize: 'off', spellCheck: false, maxLength: 32 })}
          />
        )}
      </Field>
      <Button type="submit" isLoading={isSubmitting} className="w-full">
        {t('twoFactor.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="link" onClick={switchMethod}>
          {t(method === 'totp' ? 'twoFactor.useRecovery' : 'twoFactor.useTotp')}
        </Button>
        <Button variant="link" onClick={onRestart}>
          {t('twoFactor.restart')}
        </Button>
      </div>
    </form>
  );
}
