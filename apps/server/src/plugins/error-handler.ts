import { ERROR_STATUS, type ErrorBody, type ErrorCode, type FieldError } from '@cursus/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { describeIssue, fieldLabel, format, MESSAGES, requestLanguage } from '../lib/i18n.ts';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

/** SPEC 8 database codes, for constraint violations that reach the handler. */
const POSTGRES_CODES: Record<string, ErrorCode> = {
  '23505': 'ALREADY_EXISTS',
  '23503': 'LINKED_DATA',
  // restrict_violation: a row others must keep (a group session's attendance signatures).
  '23001': 'LINKED_DATA',
  '42501': 'INSUFFICIENT_PERMISSIONS',
  // query_canceled: the statement ran past statement_timeout (db/client.ts).
  '57014': 'TIMEOUT',
  // Text the database cannot store (a NUL character): the contracts refuse it in their text fields,
  // this catches any other field, as bad input rather than a server error.
  '22P05': 'VALIDATION_ERROR',
  '22021': 'VALIDATION_ERROR',
};

/** What a client is told to wait before retrying while the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Node's socket errors, and PostgreSQL's codes for a server going away or not there yet: 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections, and
 * the whole 08 class (connection exceptions).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** pg and pg-pool's own errors carry no code, only these messages. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated', // unexpectedly, or due to connection timeout
  'timeout exceeded when trying to connect', // no free connection in the pool in time
  'is not queryable', // a client broken by an earlier connection error
  'Cannot use a pool after calling end on the pool', // shutting down
  'Query read timeout', // no answer on an open connection: a database that hangs (db/client.ts)
];

/** True when `error`, or what it wraps (Drizzle wraps the driver's error as `cause`), says the database is unreachable. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.some((message) => current instanceof Error && current.message.includes(message)))
      return true;
    current = current.cause;
  }
  return false;
}

/** The PostgreSQL code of `error` or of the driver error it wraps. */
export function postgresCodeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

function send(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: ErrorBody['error']['details'],
) {
  const body: ErrorBody = { error: { code, message, ...(details ? { details } : {}) } };
  return reply.status(ERROR_STATUS[code]).send(body);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    const messages = MESSAGES[language];

    if (error instanceof AppError) {
      if (error.details?.retryAfterSeconds)
        reply.header('retry-after', String(error.details.retryAfterSeconds));
      return send(reply, error.code, error.code, error.details);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((entry) => {
        const path = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const issue = {
          ...entry.params,
          code: entry.keyword,
          message: entry.message ?? '',
          path: path.split('.'),
        };
        // Our refinements' messages are error codes the web translates; others are explained here.
        const message =
          entry.message && entry.message in ERROR_STATUS ? entry.message : describeIssue(issue, language);
        return { path: path || (error.validationContext ?? 'body'), message };
      });
      const first = fields[0];
      // A field's message is explained already, unless it is an error code (then explained here).
      const message = first
        ? format(messages.invalidField!, {
            field: fieldLabel(first.path, language),
            message:
              first.message in ERROR_STATUS
                ? describeIssue(
                    {
                      code: error.validation[0]!.keyword,
                      message: first.message,
                      path: [],
                      ...error.validation[0]!.params,
                    },
                    language,
                  )
                : first.message,
          })
        : messages.generic!;
      return send(reply, 'VALIDATION_ERROR', message, { fields });
    }

    const fastifyCode = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (fastifyCode) {
      const key =
        fastifyCode === 'MALFORMED_JSON'
          ? 'malformedJson'
          : fastifyCode === 'PAYLOAD_TOO_LARGE'
            ? 'payloadTooLarge'
            : 'unsupportedMediaType';
      return send(reply, fastifyCode, messages[key]!);
    }

    if (isDatabaseUnavailable(error)) {
      // Not a bug of ours: the pool reconnects by itself once PostgreSQL is back.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 'DATABASE_UNAVAILABLE', 'DATABASE_UNAVAILABLE', {
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    }

    const postgresCode = POSTGRES_CODES[postgresCodeOf(error) ?? ''];
    if (postgresCode) return send(reply, postgresCode, postgresCode);

    if (error.statusCode && error.statusCode < 500) {
      const code: ErrorCode =
        error.statusCode === 404
          ? 'NOT_FOUND'
          : error.statusCode === 429
            ? 'RATE_LIMITED'
            : 'VALIDATION_ERROR';
      return send(reply, code, error.message);
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'SERVER_ERROR', messages.generic!);
  });
}
