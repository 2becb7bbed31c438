import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useServerFieldErrors } from './register-labels';

/**
 * A register form's state: its fields' errors (typed or the server's refusals), the failure shown
 * above it, and what a save does once answered (a toast and closing, or the errors in place).
 */
export function useRegisterForm(onClose: () => void) {
  const { t } = useTranslation('registers');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fieldErrors = useServerFieldErrors();
  return {
    errors,
    failure,
    /** Marks the blank ones among `values` as required; true when none is. */
    checkRequired(values: Record<string, string>, extra: Record<string, string> = {}): boolean {
      const found = { ...extra };
      for (const [name, value] of Object.entries(values))
        if (!value.trim()) found[name] = t('form.errors.required');
      setErrors(found);
      if (Object.keys(found).length === 0) setFailure(null);
      return Object.keys(found).length === 0;
    },
    outcome: (successMessage: string) => ({
      onSuccess: () => {
        notify.success(successMessage);
        onClose();
      },
      onError: (error: unknown) => {
        const onFields = fieldErrors(error);
        setErrors(onFields);
        if (Object.keys(onFields).length === 0) setFailure(getErrorMessage(error));
      },
    }),
  };
}

/** A register's form in a dialog: the failure first, the fields, then cancel and submit. */
export function RegisterFormDialog({
  title,
  description,
  failure,
  isPending,
  submitLabel,
  size = 'lg',
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description?: string;
  failure: string | null;
  isPending: boolean;
  submitLabel?: string;
  size?: 'md' | 'lg';
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('registers');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      title={title}
      description={description}
      closeLabel={t('form.close')}
      onClose={onClose}
      size={size}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {failure && <Alert variant="error">{failure}</Alert>}
        {children}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" isLoading={isPending}>
            {submitLabel ?? t('form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A labelled text box of a register form: one line, a date, or several lines. */
export function TextField({
  label,
  value,
  onChange,
  error,
  description,
  maxLength = 5000,
  rows,
  type,
  max,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  description?: string;
  maxLength?: number;
  /** Several lines: a text area of this many rows. */
  rows?: number;
  type?: 'date' | 'search';
  max?: string;
}) {
  return (
    <Field label={label} error={error} description={description}>
      {(control) =>
        rows ? (
          <Textarea
            {...control}
            value={value}
            maxLength={maxLength}
            rows={rows}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <Input
            {...control}
            type={type}
            value={value}
            max={max}
            maxLength={type === 'date' ? undefined : maxLength}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

/** A labelled choice of a register form; `none` adds an empty first option with that label. */
export function ChoiceField({
  label,
  value,
  onChange,
  options,
  error,
  none,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  none?: string;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          {none !== undefined && <option value="">{none}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
