import {
  FUNDING_WEBHOOK_MAX_BYTES,
  fundingWebhookRoutes,
  WebhookOrganizationParamsSchema,
  WebhookReceiptSchema,
} from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessOptions, route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { FundingWebhooksService } from './funding-webhooks.service.ts';
import type { DeliveryProcessor } from './process-deliveries.ts';
import type { createDeliveryReceiver } from './receive-delivery.ts';

const tags = ['funding-webhooks'];

/** What the body parser hands on when the body passed FUNDING_WEBHOOK_MAX_BYTES: it is not kept. */
const TOO_LARGE = Symbol('too large');

/**
 * The receiver reads the body as bytes (the signature covers them exactly as sent, whatever their
 * content type), in a scope of its own so no other route's parsing changes. A body over the limit is
 * drained unread and handed on as TOO_LARGE, so the receiver logs it before answering 413.
 */
async function receiverScope(
  scope: FastifyInstance,
  options: {
    receiver: ReturnType<typeof createDeliveryReceiver>;
    processor: DeliveryProcessor;
  },
) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let isTooLarge = false;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > FUNDING_WEBHOOK_MAX_BYTES) isTooLarge = true;
      else chunks.push(chunk);
    });
    payload.on('end', () => done(null, isTooLarge ? TOO_LARGE : Buffer.concat(chunks)));
    payload.on('error', (error) => done(error, undefined));
  });
  scope.withTypeProvider<ZodTypeProvider>().route({
    method: fundingWebhookRoutes.receive.method,
    url: fundingWebhookRoutes.receive.path,
    ...accessOptions(fundingWebhookRoutes.receive.access),
    // The delivery may be large, but never larger than the receiver reads.
    bodyLimit: 64 * FUNDING_WEBHOOK_MAX_BYTES,
    schema: { params: WebhookOrganizationParamsSchema, response: { 200: WebhookReceiptSchema }, tags },
    handler: async (request) => {
      const body = request.body as Buffer | typeof TOO_LARGE | undefined;
      const outcome = await options.receiver.receive({
        organizationId: request.params.organizationId,
        rawBody: body === TOO_LARGE ? null : (body ?? Buffer.alloc(0)),
        headers: request.headers,
      });
      request.log.info(
        { event: 'funding_webhook.receive', webhookLogId: outcome.id, status: outcome.status },
        'funding webhook received',
      );
      // Processed right away for a quick effect; the job picks it up if this fails or the process stops.
      if (outcome.isNew) {
        await options.processor.processDelivery(outcome.id).catch((error: unknown) => {
          request.log.error({ err: error, webhookLogId: outcome.id }, 'funding webhook left for the job');
        });
      }
      return { status: outcome.status, id: outcome.id };
    },
  });
}

export async function fundingWebhookRoutesPlugin(
  app: FastifyInstance,
  options: {
    service: FundingWebhooksService;
    receiver: ReturnType<typeof createDeliveryReceiver>;
    processor: DeliveryProcessor;
  },
) {
  const { service } = options;
  const admin = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['admin']);

  await app.register(receiverScope, { receiver: options.receiver, processor: options.processor });

  route(app, fundingWebhookRoutes.list, (request, _reply, { query }) => service.list(admin(request), query), {
    tags,
  });
  route(app, fundingWebhookRoutes.recent, (request) => service.recent(admin(request)), { tags });
  route(
    app,
    fundingWebhookRoutes.get,
    (request, _reply, { params }) => service.get(admin(request), params.logId),
    { tags },
  );
  route(
    app,
    fundingWebhookRoutes.replay,
    async (request, _reply, { params }) => {
      const user = admin(request);
      const replayed = await service.replay(user, params.logId);
      request.log.info(
        { event: 'funding_webhook.replay', by: user.id, webhookLogId: params.logId, status: replayed.status },
        'funding webhook replayed',
      );
      return replayed;
    },
    { tags },
  );
  route(
    app,
    fundingWebhookRoutes.getEndpoint,
    (request, _reply, { params }) => service.getEndpoint(admin(request), params.organizationId),
    { tags },
  );
  route(
    app,
    fundingWebhookRoutes.revealSecret,
    // The answer holds the secret: nothing of it is logged.
    (request, _reply, { params }) => service.revealSecret(admin(request), params.organizationId),
    { tags },
  );
  route(
    app,
    fundingWebhookRoutes.rotateSecret,
    async (request, _reply, { params }) => {
      const user = admin(request);
      const rotated = await service.rotateSecret(user, params.organizationId);
      request.log.info(
        { event: 'funding_webhook.rotate', by: user.id, organizationId: params.organizationId },
        'funding webhook secret rotated',
      );
      return rotated;
    },
    { tags },
  );
  route(
    app,
    fundingWebhookRoutes.addReference,
    (request, _reply, { params, body }) => service.addReference(admin(request), params.organizationId, body),
    { tags },
  );
  route(
    app,
    fundingWebhookRoutes.removeReference,
    (request, _reply, { params, body }) =>
      service.removeReference(admin(request), params.organizationId, body.reference),
    { tags },
  );
}
