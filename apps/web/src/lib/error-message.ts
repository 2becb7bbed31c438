import { ERROR_STATUS, type Language } from '@cursus/contracts';
import { type ClientErrorCode, isApiError } from '@/lib/api-client';
import { getLanguage, i18n } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';

function formatUnit(value: number, unit: 'second' | 'minute' | 'hour', language: Language): string {
  // Intl picks the plural and the word order for each language ("30 secondes", "1 minute", "2 hours").
  return numberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** A retry delay in the largest unit that reads naturally, rounded up so nobody retries too early. */
export function formatRetryDelay(seconds: number, language: Language = getLanguage()): string {
  if (seconds < 60) return formatUnit(Math.max(1, Math.ceil(seconds)), 'second', language);
  if (seconds < 3600) return formatUnit(Math.ceil(seconds / 60), 'minute', language);
  return formatUnit(Math.ceil(seconds / 3600), 'hour', language);
}

const CLIENT_CODES: readonly string[] = ['NETWORK_ERROR', 'UNKNOWN_ERROR'];

export function isClientErrorCode(value: unknown): value is ClientErrorCode {
  return typeof value === 'string' && (value in ERROR_STATUS || CLIENT_CODES.includes(value));
}

export function getErrorCode(error: unknown): ClientErrorCode {
  return isApiError(error) ? error.code : 'UNKNOWN_ERROR';
}

/**
 * The text a person reads for a failed call: always our translation of the code (STYLE 6), never the
 * server's own message, which is written for logs.
 */
export function getErrorMessage(error: unknown): string {
  const code = getErrorCode(error);
  if (code === 'RATE_LIMITED') {
    const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
    return seconds === undefined
      ? i18n.t('errors:rateLimitedLater')
      : i18n.t('errors:RATE_LIMITED', { delay: formatRetryDelay(seconds) });
  }
  return i18n.t(`errors:${code}`);
}
