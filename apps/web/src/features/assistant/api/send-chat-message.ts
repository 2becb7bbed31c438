import {
  ASSISTANT_STREAM_EVENTS,
  type AssistantChatInput,
  AssistantDeltaSchema,
  type AssistantReply,
  AssistantReplySchema,
  assistantRoutes,
  ErrorCodeSchema,
} from '@cursus/contracts';
import { ApiError, toApiError } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';
import { readEvents } from '../lib/sse';

function parseReply(value: unknown, status: number): AssistantReply {
  const parsed = AssistantReplySchema.safeParse(value);
  if (!parsed.success) throw new ApiError({ code: 'SERVER_ERROR', status, cause: parsed.error });
  return parsed.data;
}

/** The `text/event-stream` answer of a model: each piece to `onDelta`, then the final reply. */
async function readStream(response: Response, onDelta: (text: string) => void): Promise<AssistantReply> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new ApiError({ code: 'SERVER_ERROR', status: response.status });
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { events, rest } = readEvents(buffer + value);
    buffer = rest;
    for (const event of events) {
      const data: unknown = JSON.parse(event.data);
      if (event.event === ASSISTANT_STREAM_EVENTS.delta) onDelta(AssistantDeltaSchema.parse(data).text);
      else if (event.event === ASSISTANT_STREAM_EVENTS.done) return parseReply(data, response.status);
      else if (event.event === ASSISTANT_STREAM_EVENTS.error) {
        const code = ErrorCodeSchema.safeParse((data as { code?: unknown }).code);
        throw new ApiError({
          code: code.success ? code.data : 'ASSISTANT_UNAVAILABLE',
          status: response.status,
        });
      }
    }
  }
  // The stream ended without its final event: the connection broke mid-answer.
  throw new ApiError({ code: 'NETWORK_ERROR', status: 0 });
}

/**
 * SPEC 4 chat: one message, one answer. A JSON answer (retrieval) or a stream (a model answering):
 * both end in the same reply. Errors reject as `callApi`'s do (ApiError with the API's code).
 */
export async function sendChatMessage(
  body: AssistantChatInput,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<AssistantReply> {
  let response: Response;
  try {
    response = await fetch(assistantRoutes.chat.path, {
      method: assistantRoutes.chat.method,
      headers: {
        Accept: 'text/event-stream, application/json',
        'Accept-Language': getLanguage(),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, cause: error });
  }
  if (!response.ok) throw await toApiError(response);
  if (response.headers.get('content-type')?.includes('text/event-stream'))
    return readStream(response, onDelta);
  return parseReply(await response.json(), response.status);
}
