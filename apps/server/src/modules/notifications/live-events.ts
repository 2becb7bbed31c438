import type { ServerResponse } from 'node:http';
import {
  LIVE_NOTIFICATION_EVENT,
  LIVE_STREAM,
  LIVE_SYSTEM_ALERT_EVENT,
  type LiveNotificationEvent,
  type LiveSystemAlertEvent,
  LiveSystemAlertEventSchema,
} from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { accessOptions } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';

/** The channel migration 0014's trigger announces each new notification on. */
export const LIVE_CHANNEL = 'cursus_live';

const AnnouncementSchema = z.union([
  z.object({ userId: z.string(), type: z.string() }),
  // A new system alert (migration 0035): for every admin's stream.
  LiveSystemAlertEventSchema.extend({ audience: z.literal('admins') }),
]);

/**
 * A comment every 25 s keeps proxies and load balancers (which close idle connections after 30 to
 * 60 s) from cutting a quiet stream.
 */
export const LIVE_HEARTBEAT_MS = 25_000;
/**
 * A stream ends after 15 minutes and the browser's EventSource opens a new one (after `retry`): each
 * reconnection goes through the session check again, so a signed-out browser stops hearing.
 */
export const LIVE_STREAM_MAX_MS = 15 * 60_000;
const RECONNECT_AFTER_MS = 5_000;

/**
 * Server-Sent Events per signed-in person (DESIGN: live updates). Each instance holds its own
 * browsers' streams and listens to the database's channel, so a notification written by any
 * instance, module or job reaches the reader wherever their stream is.
 */
export function createLiveEvents(options: {
  database: Pick<Database, 'listen'>;
  log: { error(object: object, message: string): void };
}) {
  const streams = new Map<string, Set<ServerResponse>>();
  const adminStreams = new Set<ServerResponse>();
  let listening: Promise<() => Promise<void>> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  function deliver(payload: string) {
    let announcement: z.infer<typeof AnnouncementSchema>;
    try {
      announcement = AnnouncementSchema.parse(JSON.parse(payload));
    } catch (error) {
      options.log.error({ err: error }, 'unreadable live announcement');
      return;
    }
    if ('audience' in announcement) {
      const alert: LiveSystemAlertEvent = { alertId: announcement.alertId, severity: announcement.severity };
      for (const stream of adminStreams)
        stream.write(`event: ${LIVE_SYSTEM_ALERT_EVENT}\ndata: ${JSON.stringify(alert)}\n\n`);
      return;
    }
    const event: LiveNotificationEvent = { type: announcement.type as LiveNotificationEvent['type'] };
    for (const stream of streams.get(announcement.userId) ?? [])
      stream.write(`event: ${LIVE_NOTIFICATION_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  // Started with the first stream, so an instance nobody watches holds no listening connection.
  function listen() {
    listening ??= options.database.listen(LIVE_CHANNEL, deliver);
    heartbeat ??= setInterval(() => {
      for (const set of streams.values()) for (const stream of set) stream.write(': ping\n\n');
    }, LIVE_HEARTBEAT_MS).unref();
    return listening;
  }

  function subscribe(user: { id: string; role: string }, stream: ServerResponse) {
    const userId = user.id;
    const set = streams.get(userId) ?? new Set();
    set.add(stream);
    streams.set(userId, set);
    // The role is the one of the stream's session check; a stream ends within 15 minutes anyway.
    if (user.role === 'admin') adminStreams.add(stream);
    const end = setTimeout(() => stream.end(), LIVE_STREAM_MAX_MS).unref();
    return () => {
      clearTimeout(end);
      adminStreams.delete(stream);
      set.delete(stream);
      if (set.size === 0) streams.delete(userId);
    };
  }

  return {
    /** `GET /api/live`: the caller's own stream. */
    routes: async (app: FastifyInstance) => {
      app.get(LIVE_STREAM.path, accessOptions(LIVE_STREAM.access), async (request, reply) => {
        const user = requireUser(request);
        // Only a stream reader asks for one (EventSource sends this); anything else would hang.
        if (!request.headers.accept?.includes('text/event-stream'))
          throw new AppError('VALIDATION_ERROR', {
            fields: [{ path: 'accept', message: 'text/event-stream only' }],
          });
        await listen();
        reply.hijack();
        const stream = reply.raw;
        stream.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          // nginx would otherwise hold the events back in its buffer.
          'x-accel-buffering': 'no',
        });
        stream.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
        const unsubscribe = subscribe(user, stream);
        request.raw.on('close', unsubscribe);
        stream.on('close', unsubscribe);
      });
    },
    /** Ends every stream (browsers reconnect to another instance) and stops listening. */
    async close() {
      clearInterval(heartbeat);
      for (const set of streams.values()) for (const stream of set) stream.end();
      streams.clear();
      adminStreams.clear();
      const stop = await listening;
      listening = undefined;
      await stop?.();
    },
  };
}
