import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createShutdown } from './shutdown.ts';

const log = { info: vi.fn(), error: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

/** A step that finishes only when the test says so. */
function heldStep(name: string, order: string[]) {
  let finish: () => void = () => {};
  const step = () =>
    new Promise<void>((resolve) => {
      order.push(`${name} started`);
      finish = () => {
        order.push(`${name} done`);
        resolve();
      };
    });
  return { step, finish: () => finish() };
}

describe('shutdown', () => {
  it('waits for each step in turn, an email batch still sending included, then exits 0', async () => {
    const order: string[] = [];
    const exit = vi.fn();
    const emailBatch = heldStep('email batch', order);
    const shutdown = createShutdown({
      steps: [
        async () => order.push('server closed'),
        emailBatch.step,
        async () => order.push('database closed'),
      ],
      deadlineMs: 20_000,
      log,
      exit,
    });
    const done = shutdown('SIGTERM');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(order).toEqual(['server closed', 'email batch started']);
    expect(exit).not.toHaveBeenCalled();

    emailBatch.finish();
    await done;
    expect(order).toEqual(['server closed', 'email batch started', 'email batch done', 'database closed']);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('exits 1 at the deadline when a step never finishes', async () => {
    const exit = vi.fn();
    const shutdown = createShutdown({
      steps: [() => new Promise(() => {})],
      deadlineMs: 20_000,
      log,
      exit,
    });
    void shutdown('SIGTERM');
    await vi.advanceTimersByTimeAsync(19_999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(log.error).toHaveBeenCalledWith(
      { deadlineMs: 20_000 },
      'shutdown deadline passed: exiting anyway',
    );
  });

  it('runs once however many signals arrive', async () => {
    const step = vi.fn(async () => {});
    const exit = vi.fn();
    const shutdown = createShutdown({ steps: [step], deadlineMs: 20_000, log, exit });
    await Promise.all([shutdown('SIGTERM'), shutdown('SIGINT')]);
    expect(step).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledTimes(1);
  });
});
