import type { ChannelLike, LockManagerLike } from '../lib/tab-coordinator';

/**
 * An in-memory BroadcastChannel for simulated tabs: a message reaches every other channel of the
 * same name, asynchronously like the real one (a microtask later).
 */
export function createChannelHub() {
  const channels = new Map<string, Set<ChannelLike>>();
  const createChannel = (name: string): ChannelLike => {
    const channel: ChannelLike = {
      onmessage: null,
      postMessage(message) {
        const data = structuredClone(message);
        for (const other of channels.get(name) ?? []) {
          if (other === channel) continue;
          queueMicrotask(() => other.onmessage?.({ data } as MessageEvent));
        }
      },
      close() {
        channels.get(name)?.delete(channel);
      },
    };
    if (!channels.has(name)) channels.set(name, new Set());
    channels.get(name)!.add(channel);
    return channel;
  };
  return { createChannel };
}

/** navigator.locks for simulated tabs: exclusive locks granted in request order, released when the callback settles. */
export function createFakeLocks(): LockManagerLike {
  const queues = new Map<string, { grant: () => void; signal?: AbortSignal }[]>();
  const held = new Set<string>();
  const next = (name: string) => {
    const queue = queues.get(name) ?? [];
    while (queue.length > 0 && !held.has(name)) {
      const waiter = queue.shift()!;
      if (waiter.signal?.aborted) continue;
      waiter.grant();
    }
  };
  return {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const waiter = {
          signal: options.signal,
          grant: () => {
            held.add(name);
            callback().then(
              (value) => {
                held.delete(name);
                resolve(value);
                next(name);
              },
              (error) => {
                held.delete(name);
                reject(error);
                next(name);
              },
            );
          },
        };
        options.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        if (!queues.has(name)) queues.set(name, []);
        queues.get(name)!.push(waiter);
        queueMicrotask(() => next(name));
      });
    },
  };
}
