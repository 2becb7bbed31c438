import type { RouteAccess, RouteContract } from '@cursus/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireRole, requireUser } from '../plugins/session.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route. `route()` sets it from the contract, `accessOptions()` for a route
     * registered by hand. test/route-access.test.ts refuses any route of the table without it.
     */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route with its options, recorded as it was added (plugins' routes and HEAD twins too). */
    readonly routeTable: readonly RouteOptions[];
  }
}

/**
 * Records the route table while the app is built; called before any route is added. It lets
 * test/route-access.test.ts walk the whole API, a route added tomorrow included.
 */
export function recordRouteTable(app: FastifyInstance) {
  const table: RouteOptions[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (options) => {
    table.push(options);
  });
}

type Input<C extends RouteContract> = {
  body: C['body'] extends z.ZodType ? z.infer<C['body']> : undefined;
  query: C['query'] extends z.ZodType ? z.infer<C['query']> : undefined;
  params: C['params'] extends z.ZodType ? z.infer<C['params']> : undefined;
};

/**
 * The first gate (SPEC 6), run on request, before the body is parsed or validated: a visitor gets
 * 401 NO_SESSION whatever they send, a wrong role 403 NOT_AUTHORIZED (logged by requireRole).
 * Handlers keep their finer checks (permission gate, organisation); services and row-level
 * security keep each caller to their organisation or their own records.
 */
function guardAccess(access: Exclude<RouteAccess, 'public'>): onRequestAsyncHookHandler {
  return async (request) => {
    const user = access.roles === 'any' ? requireUser(request) : requireRole(request, access.roles);
    // Issue 19: staff whom the organisation or the platform requires to have a second factor reach
    // only its enrolment (and the public session and sign-out) until they have one.
    if (user.twoFactorEnrolmentRequired && !access.duringTwoFactorEnrolment)
      throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED');
  };
}

/**
 * The route options that declare and enforce `access`, for a route that cannot go through
 * `route()` (a multipart upload, a streamed download, a probe without a contract).
 */
export function accessOptions(access: RouteAccess) {
  return access === 'public'
    ? { config: { access } }
    : { config: { access }, onRequest: guardAccess(access) };
}

/**
 * Registers a route from its contract: the same zod schemas validate the input, shape the output
 * (no stray column leaks) and document the API, and its declared access guards it.
 */
export function route<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (
    request: FastifyRequest,
    reply: FastifyReply,
    input: Input<C>,
  ) => Promise<z.infer<C['response']> | FastifyReply>,
  options: { tags?: string[]; summary?: string } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    ...accessOptions(contract.access),
    schema: {
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      response: { 200: contract.response },
      ...options,
    },
    handler: (request, reply) =>
      handler(request, reply, {
        body: request.body,
        query: request.query,
        params: request.params,
      } as Input<C>),
  });
}
