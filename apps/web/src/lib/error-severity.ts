import type { LogSeverity } from '@cursus/contracts';

/**
 * SPEC 4: a route error's severity comes from its message. Checked from the most to the least
 * serious, so "server fetch failed" is critical rather than medium.
 */
const SEVERITY_PATTERNS: readonly [LogSeverity, RegExp][] = [
  ['critical', /database|server/i],
  ['high', /auth|permission/i],
  ['medium', /chunk|loading|network|fetch/i],
];

export function getErrorSeverity(message: string): LogSeverity {
  for (const [severity, pattern] of SEVERITY_PATTERNS) if (pattern.test(message)) return severity;
  return 'low';
}

export function getErrorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'statusText' in error) return String(error.statusText);
  return String(error);
}

export type ErrorCategory = 'auth' | 'network' | 'database' | 'validation' | 'system' | 'general';

export interface ErrorMessageKey {
  category: ErrorCategory;
  /** A key of the `errors` namespace, under `catalogue.`. */
  key: string;
}

/** SPEC 8 message-to-key catalogue, in the order the SPEC lists it (the first substring match wins). */
const MESSAGE_KEYS: readonly [string, ErrorCategory, string][] = [
  ['invalid login credentials', 'auth', 'invalidLoginCredentials'],
  ['user not found', 'auth', 'userNotFound'],
  ['email not confirmed', 'auth', 'emailNotConfirmed'],
  ['password too weak', 'auth', 'passwordTooWeak'],
  ['email already registered', 'auth', 'emailAlreadyRegistered'],
  ['session expired', 'auth', 'sessionExpired'],
  ['access denied', 'auth', 'accessDenied'],
  ['unauthorized', 'auth', 'unauthorized'],
  ['network error', 'network', 'networkError'],
  ['connection failed', 'network', 'connectionFailed'],
  ['timeout', 'network', 'timeout'],
  ['server error', 'network', 'serverError'],
  ['fetch', 'network', 'fetch'],
  ['database error', 'database', 'databaseError'],
  ['record not found', 'database', 'recordNotFound'],
  ['duplicate entry', 'database', 'duplicateEntry'],
  ['foreign key constraint', 'database', 'foreignKeyConstraint'],
  ['missing system_logs table', 'database', 'missingSystemLogsTable'],
  ['required field', 'validation', 'requiredField'],
  ['invalid format', 'validation', 'invalidFormat'],
  ['invalid email', 'validation', 'invalidEmail'],
  ['field too long', 'validation', 'fieldTooLong'],
  ['field too short', 'validation', 'fieldTooShort'],
  ['initialization timeout', 'system', 'initializationTimeout'],
  ['system unavailable', 'system', 'systemUnavailable'],
  ['maintenance mode', 'system', 'maintenanceMode'],
  ['unknown error', 'general', 'unknownError'],
  ['something went wrong', 'general', 'somethingWentWrong'],
  ['try again later', 'general', 'tryAgainLater'],
];

export const UNKNOWN_ERROR_KEY: ErrorMessageKey = { category: 'general', key: 'unknown' };

/**
 * SPEC 8: maps a raw message to its translation key: an exact match first, then the first entry
 * the message contains (case-insensitive), else the unknown key.
 */
export function getErrorMessageKey(message: string): ErrorMessageKey {
  const exact = MESSAGE_KEYS.find(([text]) => text === message);
  if (exact) return { category: exact[1], key: exact[2] };
  const lower = message.toLowerCase();
  const partial = MESSAGE_KEYS.find(([text]) => lower.includes(text));
  if (partial) return { category: partial[1], key: partial[2] };
  return UNKNOWN_ERROR_KEY;
}

/** Every key the mapping can return, so the locale files can be checked against it. */
export const ERROR_MESSAGE_KEYS: readonly ErrorMessageKey[] = [
  ...MESSAGE_KEYS.map(([, category, key]) => ({ category, key })),
  UNKNOWN_ERROR_KEY,
];
