import { LIVE_STREAM } from '@cursus/contracts';

let source: EventSource | null = null;
let listenerCount = 0;

/**
 * Listens to the live stream (Server-Sent Events, `GET /api/live`): one EventSource per tab,
 * shared by every feature that listens (the bell, the admins' alert toasts) and closed when the
 * last one stops. Browsers hold at most six connections per site over HTTP/1.1, so each feature
 * opening its own stream would soon block the page's requests. `listeners` are keyed by event
 * name (`open` included); returns the function that stops listening.
 */
export function listenToLiveStream(listeners: Record<string, (event: MessageEvent) => void>): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  source ??= new EventSource(LIVE_STREAM.path);
  const current = source;
  const entries = Object.entries(listeners) as [string, EventListener][];
  for (const [type, listener] of entries) current.addEventListener(type, listener);
  listenerCount += 1;
  return () => {
    for (const [type, listener] of entries) current.removeEventListener(type, listener);
    listenerCount -= 1;
    if (listenerCount === 0 && source === current) {
      current.close();
      source = null;
    }
  };
}
