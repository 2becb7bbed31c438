import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { isClientErrorCode } from '@/lib/error-message';
import { i18n } from '@/lib/i18n';

type ValidationKey =
  | 'required'
  | 'invalidEmail'
  | 'invalidFormat'
  | 'tooShort'
  | 'tooLong'
  | 'selectAtLeastOne'
  | 'invalidUrl'
  | 'invalidNumber';

const VALIDATION_PREFIX = 'validation.';

/*
 * Form errors are stored as tokens ('validation.tooShort|8', or an error code such as
 * 'PASSWORDS_DONT_MATCH') and translated when rendered, so a visible error follows a language switch.
 */
function token(key: ValidationKey, count?: number): string {
  return count === undefined ? `${VALIDATION_PREFIX}${key}` : `${VALIDATION_PREFIX}${key}|${count}`;
}

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/**
 * Maps zod's built-in issues to the SPEC 5 generic messages. Messages a schema sets itself (error codes
 * such as PASSWORDS_DONT_MATCH or PASSWORD_TOO_WEAK) take precedence over this map in zod 4.
 */
export const zodErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
      return isEmpty(issue.input) ? token('required') : token('invalidFormat');
    case 'too_small':
      if (issue.origin === 'array' || issue.origin === 'set') return token('selectAtLeastOne');
      if (issue.origin !== 'string') return token('invalidNumber');
      return Number(issue.minimum) <= 1 ? token('required') : token('tooShort', Number(issue.minimum));
    case 'too_big':
      return issue.origin === 'string' ? token('tooLong', Number(issue.maximum)) : token('invalidNumber');
    case 'invalid_format':
      if (isEmpty(issue.input)) return token('required');
      if (issue.format === 'email') return token('invalidEmail');
      if (issue.format === 'url') return token('invalidUrl');
      return token('invalidFormat');
    default:
      return token('invalidFormat');
  }
};

/** Parse options for `zodResolver(schema, zodFormOptions)`. */
export const zodFormOptions = { error: zodErrorMap };

/** Renders a stored field error in the current language. */
export function translateFieldError(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (isClientErrorCode(message)) return i18n.t(`errors:${message}`);
  if (message.startsWith(VALIDATION_PREFIX)) {
    const [key, count] = message.slice(VALIDATION_PREFIX.length).split('|') as [
      ValidationKey,
      string | undefined,
    ];
    if (key === 'tooShort' || key === 'tooLong')
      return i18n.t(`errors:validation.${key}`, { count: Number(count) });
    return i18n.t(`errors:validation.${key}`);
  }
  // Free text from the server is written for logs, not for people (STYLE 6).
  return i18n.t('errors:validation.invalidFormat');
}

/**
 * Puts an API error on the inputs it concerns: the server's field list first, then the codes a form
 * knows belong to one field (ACCOUNT_EXISTS on the email, for instance).
 * Returns true when the error is fully shown on fields, so no form-level alert is needed.
 */
export function showErrorOnFields<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: { fields: readonly Path<T>[]; codeToField?: Partial<Record<string, Path<T>>> },
): boolean {
  if (!isApiError(error)) return false;
  let shown = false;
  for (const fieldError of error.fields) {
    const field = options.fields.find((name) => name === fieldError.path);
    if (!field) continue;
    setError(field, { type: 'server', message: fieldError.message }, { shouldFocus: !shown });
    shown = true;
  }
  const fieldForCode = options.codeToField?.[error.code];
  if (fieldForCode) {
    setError(fieldForCode, { type: 'server', message: error.code }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
