import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The headers' names, for scripts/send-funding-webhook.ts (which has no contracts of its own). */
export { FUNDING_WEBHOOK_HEADERS } from '@cursus/contracts';

/**
 * The signature of a delivery: HMAC-SHA-256, in hex, over `<timestamp>.<raw body>` under the
 * organisation's secret. The timestamp (Unix seconds) is inside what is signed, so a captured delivery
 * cannot be sent again with a fresh one. Shared with scripts/send-funding-webhook.ts.
 */
export function signFundingWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** Compared in constant time: the time taken says nothing of how much of a guess was right. */
export function isValidFundingSignature(
  secret: string,
  timestamp: string,
  rawBody: Buffer,
  signature: string,
): boolean {
  // A `sha256=` prefix, as some platforms write it, is accepted.
  const given = signature.trim().replace(/^sha256=/i, '');
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(signFundingWebhook(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** A new organisation secret: 256 random bits, written so it can be pasted anywhere. */
export function generateFundingSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
