import type { RouteContract } from '@cursus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Input<C extends RouteContract> = {
  body: C['body'] extends z.ZodType ? z.infer<C['body']> : undefined;
  query: C['query'] extends z.ZodType ? z.infer<C['query']> : undefined;
  params: C['params'] extends z.ZodType ? z.infer<C['params']> : undefined;
};

/**
 * Registers a route from its contract: the same zod schemas validate the input, shape the output
 * (no stray column leaks) and document the API.
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
