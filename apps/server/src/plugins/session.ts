import type { Role, SessionUser } from '@cursus/contracts';
import { canEnterSpace } from '@cursus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { redactUrl } from './request-log.ts';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export const SESSION_COOKIE_PREFIX = 'cursus.';

/**
 * The header better-auth reads a session's IP from (auth.ts). It carries `request.ip`, resolved
 * through TRUST_PROXY; better-auth's default, X-Forwarded-For as the client sent it, would let anyone
 * write the address shown in the owner's session list.
 */
export const CLIENT_IP_HEADER = 'x-cursus-client-ip';

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export function appendCookies(reply: FastifyReply, cookies: string[]) {
  for (const cookie of cookies) reply.header('set-cookie', cookie);
}

/** Who the session cookie belongs to; the auth module answers it. */
export interface SessionSource {
  currentUser(headers: Headers): Promise<{ value: SessionUser | null; cookies: string[] }>;
}

/** Loads the signed-in user (if any) once per API request, and refreshes the session cookie. */
export function registerSession(app: FastifyInstance, sessions: SessionSource) {
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (!request.headers.cookie?.includes(`${SESSION_COOKIE_PREFIX}session_token`)) return;
    const { value, cookies } = await sessions.currentUser(toHeaders(request));
    request.sessionUser = value;
    appendCookies(reply, cookies);
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError('NO_SESSION');
  return request.sessionUser;
}

/** Route guard (SPEC 6): admin passes every guard; every refusal is logged. */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): SessionUser {
  const user = requireUser(request);
  if (!canEnterSpace(user.role, roles)) {
    request.log.warn(
      { event: 'access.refused', userId: user.id, role: user.role, url: redactUrl(request.url) },
      'access refused',
    );
    throw new AppError('NOT_AUTHORIZED');
  }
  return user;
}
