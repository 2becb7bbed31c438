import {
  FUNDING_WEBHOOK_HEADERS,
  FUNDING_WEBHOOK_MAX_BYTES,
  FUNDING_WEBHOOK_TOLERANCE_SECONDS,
  type WebhookErrorCode,
} from '@cursus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter, type Limit } from '../../lib/rate-limit.ts';
import type { EndpointSecrets } from './endpoint-secrets.ts';
import { webhookLogs } from './funding-webhooks.tables.ts';
import { isValidFundingSignature } from './signature.ts';

/** Headers never kept in the log: they may carry someone's credentials. */
const UNLOGGED_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
const MAX_LOGGED_HEADERS = 50;
const MAX_HEADER_CHARS = 1000;
const MAX_DELIVERY_ID_CHARS = 200;
const MAX_EVENT_TYPE_CHARS = 100;
/**
 * A refused delivery was sent by anyone who knows the address: its body is kept only in part, and
 * an organisation's log takes at most this many an hour (then 429, not stored), so nobody can fill it.
 */
const MAX_REFUSED_PAYLOAD_CHARS = 16 * 1024;
const REFUSED_PER_ORGANIZATION: Limit = { max: 300, windowMs: 60 * 60 * 1000 };

export interface IncomingDelivery {
  organizationId: string;
  /** The body's bytes as sent; null when it was refused unread (over FUNDING_WEBHOOK_MAX_BYTES). */
  rawBody: Buffer | null;
  headers: Record<string, string | string[] | undefined>;
}

type Outcome = { status: 'accepted' | 'duplicate'; id: string; isNew: boolean };

function headerOf(headers: IncomingDelivery['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** What the log keeps of the headers: all but credentials, each cut to a sane length. */
function loggedHeaders(headers: IncomingDelivery['headers']): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, MAX_LOGGED_HEADERS)) {
    if (value === undefined || UNLOGGED_HEADERS.has(name.toLowerCase())) continue;
    kept[name.toLowerCase()] = (Array.isArray(value) ? value.join(', ') : value)
      .replaceAll('\u0000', '')
      .slice(0, MAX_HEADER_CHARS);
  }
  return kept;
}

/** The event's name, when the body is JSON with a `type` string (the log shows and filters on it). */
function eventTypeOf(parsed: unknown): string | null {
  if (typeof parsed !== 'object' || parsed === null || !('type' in parsed)) return null;
  const type = (parsed as { type: unknown }).type;
  return typeof type === 'string' ? type.replaceAll('\u0000', '').slice(0, MAX_EVENT_TYPE_CHARS) : null;
}

/**
 * Stores a delivery before anything is done with it (issue 17 point 4): an accepted one as `pending`,
 * for the job to process; a refused one (too large, bad signature, stale, malformed, no delivery id)
 * as `failed` with the reason, then refused with 413, 401 or 400, never a 500. A delivery id already
 * stored for the organisation answers `duplicate` and stores nothing.
 */
export function createDeliveryReceiver(deps: {
  database: Database;
  secrets: EndpointSecrets;
  now: () => Date;
}) {
  const { database, secrets, now } = deps;
  const attempts = createAttemptCounter(database.service, now);

  async function store(
    delivery: IncomingDelivery,
    row: {
      status: 'pending' | 'failed';
      isAuthenticated: boolean;
      deliveryId: string | null;
      payload: string | null;
      eventType: string | null;
      errorCode: WebhookErrorCode | null;
      error: string | null;
    },
  ): Promise<{ id: string; isNew: boolean }> {
    const at = now();
    const [stored] = await database.service
      .insert(webhookLogs)
      .values({
        organizationId: delivery.organizationId,
        ...row,
        // Text columns cannot hold NUL: the payload is kept readable, not byte for byte, in that case.
        payload: row.payload?.replaceAll('\u0000', '\uFFFD') ?? null,
        deliveryId: row.deliveryId?.replaceAll('\u0000', '') ?? null,
        headers: loggedHeaders(delivery.headers),
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({
        target: [webhookLogs.organizationId, webhookLogs.deliveryId],
        where: sql`${webhookLogs.isAuthenticated} and ${webhookLogs.deliveryId} is not null`,
      })
      .returning({ id: webhookLogs.id });
    if (stored) return { id: stored.id, isNew: true };
    const [existing] = await database.service
      .select({ id: webhookLogs.id })
      .from(webhookLogs)
      .where(
        and(
          eq(webhookLogs.organizationId, delivery.organizationId),
          eq(webhookLogs.deliveryId, row.deliveryId ?? ''),
          eq(webhookLogs.isAuthenticated, true),
        ),
      );
    return { id: existing!.id, isNew: false };
  }

  return {
    async receive(delivery: IncomingDelivery): Promise<Outcome> {
      const secret = await secrets.secretOf(delivery.organizationId);
      // No receiver for this organisation (or no such organisation): nothing is stored for it.
      if (!secret) throw new AppError('NOT_FOUND');
      const refuse = async (
        code: 'PAYLOAD_TOO_LARGE' | 'WEBHOOK_SIGNATURE_INVALID' | 'WEBHOOK_TIMESTAMP_INVALID',
        errorCode: WebhookErrorCode,
        error: string,
        payload: string | null,
      ) => {
        await attempts.consume(
          `funding-webhook-refused:${delivery.organizationId}`,
          REFUSED_PER_ORGANIZATION,
        );
        await store(delivery, {
          status: 'failed',
          isAuthenticated: false,
          deliveryId: headerOf(delivery.headers, FUNDING_WEBHOOK_HEADERS.deliveryId)?.slice(0, 200) ?? null,
          payload: payload?.slice(0, MAX_REFUSED_PAYLOAD_CHARS) ?? null,
          eventType: null,
          errorCode,
          error,
        });
        throw new AppError(code);
      };

      if (!delivery.rawBody || delivery.rawBody.length > FUNDING_WEBHOOK_MAX_BYTES)
        return refuse(
          'PAYLOAD_TOO_LARGE',
          'payload_too_large',
          `payload too large (over ${FUNDING_WEBHOOK_MAX_BYTES} bytes)`,
          null,
        );
      const payload = delivery.rawBody.toString('utf8');
      const timestamp = headerOf(delivery.headers, FUNDING_WEBHOOK_HEADERS.timestamp)?.trim() ?? '';
      const signature = headerOf(delivery.headers, FUNDING_WEBHOOK_HEADERS.signature) ?? '';
      if (!isValidFundingSignature(secret, timestamp, delivery.rawBody, signature))
        return refuse('WEBHOOK_SIGNATURE_INVALID', 'bad_signature', 'bad signature', payload);
      const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
      const skew = Math.abs(now().getTime() / 1000 - seconds);
      if (!(skew <= FUNDING_WEBHOOK_TOLERANCE_SECONDS))
        return refuse(
          'WEBHOOK_TIMESTAMP_INVALID',
          'stale_timestamp',
          'stale timestamp (over 5 minutes away)',
          payload,
        );

      const deliveryId = headerOf(delivery.headers, FUNDING_WEBHOOK_HEADERS.deliveryId)?.trim() || null;
      let parsed: unknown;
      let parseError: string | null = null;
      try {
        parsed = JSON.parse(payload);
      } catch {
        parseError = 'malformed JSON';
      }
      const idError =
        !deliveryId || deliveryId.length > MAX_DELIVERY_ID_CHARS
          ? `missing or too long ${FUNDING_WEBHOOK_HEADERS.deliveryId} header`
          : null;
      const error = parseError ?? idError;
      const stored = await store(delivery, {
        status: error ? 'failed' : 'pending',
        isAuthenticated: true,
        deliveryId: idError ? null : deliveryId,
        payload,
        eventType: eventTypeOf(parsed),
        errorCode: parseError ? 'malformed_json' : idError ? 'missing_delivery_id' : null,
        error,
      });
      if (!stored.isNew) return { status: 'duplicate', id: stored.id, isNew: false };
      if (parseError) throw new AppError('MALFORMED_JSON');
      if (idError)
        throw new AppError('VALIDATION_ERROR', {
          fields: [{ path: FUNDING_WEBHOOK_HEADERS.deliveryId, message: 'required' }],
        });
      return { status: 'accepted', id: stored.id, isNew: true };
    },
  };
}
