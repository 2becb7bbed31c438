import type { TwoFactorSetup } from '@cursus/contracts';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { TWO_FACTOR_SECTION_ID } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useTwoFactorStatus,
} from '../api/two-factor-status';

const SIX_DIGITS = /^\d{6}$/;

export interface TwoFactorSectionProps {
  /** The account's email, named in the downloaded recovery codes. */
  email: string;
  /** The session changed (second factor on or off): the route refreshes who is signed in. */
  onSessionChanged: () => void;
}

/** A password field for this section's forms (the auth feature's own stays there). */
function PasswordInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('twoFactor');
  return (
    <Field label={t('fields.password')} error={error}>
      {(control) => (
        <Input
          {...control}
          type="password"
          autoComplete="current-password"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </Field>
  );
}

function CodeInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('twoFactor');
  return (
    <Field label={t('fields.code')} error={error}>
      {(control) => (
        <Input
          {...control}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </Field>
  );
}

/** The error of a refused attempt: on its field when the server names it, else above the form. */
function fieldErrorOf(error: unknown, field: 'password' | 'code'): string | undefined {
  if (field === 'password' && isApiError(error, 'INVALID_CURRENT_PASSWORD')) return getErrorMessage(error);
  if (field === 'code' && isApiError(error, 'INVALID_TWO_FACTOR_CODE')) return getErrorMessage(error);
  return undefined;
}
const isFieldError = (error: unknown) =>
  isApiError(error, 'INVALID_CURRENT_PASSWORD') || isApiError(error, 'INVALID_TWO_FACTOR_CODE');

async function copyText(text: string, messages: { copied: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(messages.copied);
  } catch {
    notify.error(messages.failed);
  }
}

/** Shown once, right after they are made: copy, download, then acknowledged. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation('twoFactor');
  const listId = useId();
  const text = [t('codes.fileHeader', { email }), '', ...codes].join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'cursus-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-3">
      <Alert variant="warning" title={t('codes.title')}>
        {t('codes.intro')}
      </Alert>
      <ul
        id={listId}
        aria-label={t('codes.listLabel')}
        className="grid grid-cols-1 gap-2 rounded-md border border-border bg-muted p-3 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void copyText(codes.join('\n'), { copied: t('codes.copied'), failed: t('codes.copyFailed') })
          }
        >
          {t('codes.copy')}
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          {t('codes.download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('codes.done')}
        </Button>
      </div>
    </div>
  );
}

/** Password, then the QR code and its key, then a first code; answers the recovery codes. */
function Enrolment({ onCancel, onEnabled }: { onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('twoFactor');
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeFormatError, setCodeFormatError] = useState<string | undefined>();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    enable.mutate({ password }, { onSuccess: (result) => setSetup(result) });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!SIX_DIGITS.test(typed)) {
      setCodeFormatError(t('fields.codeFormat'));
      return;
    }
    setCodeFormatError(undefined);
    confirm.mutate({ code: typed }, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) });
  };

  if (!setup)
    return (
      <form onSubmit={submitPassword} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">{t('enable.passwordIntro')}</p>
        {enable.isError && !isFieldError(enable.error) && (
          <Alert variant="error">{getErrorMessage(enable.error)}</Alert>
        )}
        <PasswordInput
          value={password}
          onChange={setPassword}
          error={fieldErrorOf(enable.error, 'password')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={enable.isPending}>
            {t('enable.continue')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('enable.cancel')}
          </Button>
        </div>
      </form>
    );

  return (
    <form onSubmit={submitCode} noValidate className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-foreground">{t('enable.scanTitle')}</h3>
      <img
        src={setup.qrCode}
        alt={t('enable.qrAlt')}
        width={192}
        height={192}
        className="size-48 self-center rounded-md bg-white p-2"
      />
      <p className="text-sm text-muted-foreground">{t('enable.secretIntro')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm">{setup.secret}</code>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void copyText(setup.secret, { copied: t('codes.copied'), failed: t('codes.copyFailed') })
          }
        >
          {t('enable.copySecret')}
        </Button>
      </div>
      <h3 className="text-sm font-semibold text-foreground">{t('enable.confirmTitle')}</h3>
      {confirm.isError && !isFieldError(confirm.error) && (
        <Alert variant="error">{getErrorMessage(confirm.error)}</Alert>
      )}
      <CodeInput
        value={code}
        onChange={setCode}
        error={codeFormatError ?? fieldErrorOf(confirm.error, 'code')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={confirm.isPending}>
          {t('enable.confirm')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('enable.cancel')}
        </Button>
      </div>
    </form>
  );
}

interface ConfirmWithPasswordProps {
  title: string;
  description: string;
  confirmLabel: string;
  isDanger?: boolean;
  /** Whether the action also takes a code from the app (turning the second factor off does). */
  asksCode?: boolean;
  /** The mutation it confirms: its progress and its refused attempt show in the dialog. */
  action: { isPending: boolean; error: Error | null };
  onConfirm: (credentials: { password: string; code: string }) => void;
  onClose: () => void;
}

/** A confirmation that asks the password again, and a current code where the action needs one. */
function ConfirmWithPassword({ asksCode = false, action, onConfirm, ...dialog }: ConfirmWithPasswordProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { error } = action;
  return (
    <ConfirmDialog
      {...dialog}
      isPending={action.isPending}
      onConfirm={() => onConfirm({ password, code: code.replace(/\s/g, '') })}
    >
      <div className="flex flex-col gap-3">
        {error && !isFieldError(error) && <Alert variant="error">{getErrorMessage(error)}</Alert>}
        <PasswordInput value={password} onChange={setPassword} error={fieldErrorOf(error, 'password')} />
        {asksCode && <CodeInput value={code} onChange={setCode} error={fieldErrorOf(error, 'code')} />}
      </div>
    </ConfirmDialog>
  );
}

type Dialog = 'disable' | 'regenerate' | null;

/** Turning it off (password and code) and new recovery codes (password), each confirmed in a dialog. */
function EnabledActions({
  onRecoveryCodes,
  onDisabled,
}: {
  onRecoveryCodes: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const { t } = useTranslation('twoFactor');
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The dialog leaves with what was typed in it; the next one starts without the last refusal.
  const close = () => {
    setDialog(null);
    disable.reset();
    regenerate.reset();
  };
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setDialog('regenerate')}>
          {t('section.regenerate')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDialog('disable')}>
          {t('section.disable')}
        </Button>
      </div>
      {dialog === 'disable' && (
        <ConfirmWithPassword
          title={t('disable.title')}
          description={t('disable.description')}
          confirmLabel={t('disable.confirm')}
          asksCode
          action={disable}
          onClose={close}
          onConfirm={(credentials) =>
            disable.mutate(credentials, {
              onSuccess: () => {
                close();
                notify.success(t('disable.done'));
                onDisabled();
              },
            })
          }
        />
      )}
      {dialog === 'regenerate' && (
        <ConfirmWithPassword
          title={t('regenerate.title')}
          description={t('regenerate.description')}
          confirmLabel={t('regenerate.confirm')}
          isDanger={false}
          action={regenerate}
          onClose={close}
          onConfirm={({ password }) =>
            regenerate.mutate(
              { password },
              {
                onSuccess: ({ recoveryCodes }) => {
                  close();
                  onRecoveryCodes(recoveryCodes);
                },
              },
            )
          }
        />
      )}
    </>
  );
}

/**
 * "Double authentification" on a staff member's profile (issue 19): turn TOTP on (password, QR
 * code, first code), keep the recovery codes shown once, make new ones, turn it off.
 */
export function TwoFactorSection({ email, onSessionChanged }: TwoFactorSectionProps) {
  const { t } = useTranslation(['twoFactor', 'common']);
  const status = useTwoFactorStatus();
  const [isEnrolling, setEnrolling] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const headingId = useId();
  // Staff sent here to enrol (and the settings' link) land on this section, not the top of the page.
  const isTarget = useLocation().hash === `#${TWO_FACTOR_SECTION_ID}`;
  useEffect(() => {
    if (isTarget) document.getElementById(TWO_FACTOR_SECTION_ID)?.scrollIntoView?.({ block: 'start' });
  }, [isTarget]);

  let content: ReactNode;
  if (status.isPending) content = <Spinner label={t('section.loading')} />;
  else if (status.isError)
    content = (
      <LoadErrorAlert
        error={status.error}
        title={t('section.loadError')}
        retryLabel={t('common:actions.retry')}
        onRetry={() => void status.refetch()}
      />
    );
  else if (recoveryCodes)
    content = <RecoveryCodes codes={recoveryCodes} email={email} onDone={() => setRecoveryCodes(null)} />;
  else if (status.data.enabled)
    content = (
      <>
        <p className="text-sm text-muted-foreground">
          {t('section.recoveryCodesLeft', { count: status.data.recoveryCodesLeft ?? 0 })}
        </p>
        <EnabledActions onRecoveryCodes={setRecoveryCodes} onDisabled={onSessionChanged} />
      </>
    );
  else if (isEnrolling)
    content = (
      <Enrolment
        onCancel={() => setEnrolling(false)}
        onEnabled={(codes) => {
          setEnrolling(false);
          setRecoveryCodes(codes);
          notify.success(t('enabledToast'));
          onSessionChanged();
        }}
      />
    );
  else
    content = (
      <Button className="self-start" onClick={() => setEnrolling(true)}>
        {t('section.enable')}
      </Button>
    );

  return (
    <Card
      id={TWO_FACTOR_SECTION_ID}
      role="region"
      aria-labelledby={headingId}
      className="flex scroll-mt-20 flex-col gap-4"
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={headingId} className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            {t('section.title')}
          </CardTitle>
          {status.data && (
            <Badge variant={status.data.enabled ? 'success' : 'neutral'}>
              {t(status.data.enabled ? 'section.enabled' : 'section.disabled')}
            </Badge>
          )}
        </div>
        <CardDescription>{t('section.description')}</CardDescription>
      </div>
      {status.data?.required && !status.data.enabled && (
        <Alert variant="warning">{t('section.required')}</Alert>
      )}
      {content}
    </Card>
  );
}
