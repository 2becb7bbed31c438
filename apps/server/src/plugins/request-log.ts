import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * A URL as it may be logged: the path, and the query's names with their values hidden. Emailed
 * links carry their secret in the query (`/api/auth/verify-email?token=…`, `/reset-password?token=…`),
 * and the log is read by more people, and kept longer, than the token is meant to live.
 */
export function redactUrl(url: string): string {
  // The positioning page's path is its secret (SPEC 2 /positioning/{token}): the page's own load
  // (the SPA's history fallback) must not write it to the log.
  if (url.startsWith('/positioning/')) return '/positioning/[redacted]';
  // So is a calendar feed's, read by calendar apps for as long as it is not reset (planning).
  if (url.startsWith('/api/planning/feed/')) return '/api/planning/feed/[redacted]';
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${url.slice(0, queryStart)}?${names.join('&')}`;
}

/** Fastify's request serializer, with the query values redacted (pino `serializers.req`). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The server's logger options with `serializeRequest` in place of Fastify's own. */
export function withRedactedRequests(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const config = logger === true ? {} : logger;
  return { ...config, serializers: { ...config.serializers, req: serializeRequest } };
}
