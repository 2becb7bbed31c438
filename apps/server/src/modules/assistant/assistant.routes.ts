import { ASSISTANT_STREAM_EVENTS, assistantRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { route } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { AssistantService, StreamedChat } from './assistant.service.ts';

const tags = ['assistant'];

function formatEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * A model's answer as Server-Sent Events over the POST's own response: `delta` pieces, then `done`
 * with the stored reply, or `error` with a code when the model fails mid-answer.
 */
async function sendStream(reply: FastifyReply, stream: StreamedChat): Promise<FastifyReply> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // nginx would otherwise hold the pieces back in its buffer.
    'x-accel-buffering': 'no',
  });
  try {
    for await (const text of stream.deltas) raw.write(formatEvent(ASSISTANT_STREAM_EVENTS.delta, { text }));
    raw.write(formatEvent(ASSISTANT_STREAM_EVENTS.done, await stream.finish()));
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'ASSISTANT_UNAVAILABLE';
    raw.write(formatEvent(ASSISTANT_STREAM_EVENTS.error, { code }));
  }
  raw.end();
  return reply;
}

export async function assistantRoutesPlugin(app: FastifyInstance, options: { assistant: AssistantService }) {
  const { assistant } = options;
  route(
    app,
    assistantRoutes.chat,
    async (request, reply, { body }) => {
      const user = requireUser(request);
      // A reader who goes away stops the model too (the response closes before it has finished).
      const aborted = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      const outcome = await assistant.chat(user, requestLanguage(request), body, aborted.signal);
      request.log.info({ event: 'assistant.chat', by: user.id, space: body.space }, 'assistant asked');
      return outcome.kind === 'reply' ? outcome.reply : sendStream(reply, outcome.stream);
    },
    { tags },
  );
  route(
    app,
    assistantRoutes.clear,
    async (request, _reply, { params }) => {
      await assistant.clear(requireUser(request), params.conversationId);
      return { ok: true as const };
    },
    { tags },
  );
}
