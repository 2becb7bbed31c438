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
  '42501': 'INSUFFICIENT_PERMISSIONS',
};

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
      const message = first
        ? format(messages.invalidField!, {
            field: fieldLabel(first.path, language),
            message: describeIssue(
              {
                code: error.validation[0]!.keyword,
                message: first.message,
                path: [],
                ...error.validation[0]!.params,
              },
              language,
            ),
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

    const postgresCode = POSTGRES_CODES[(error as { code?: string }).code ?? ''];
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
