import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  installGlobalErrorLogging,
  LOG_FLUSH_INTERVAL_MS,
  loadLogReporter,
  logError,
  resetErrorLogger,
  setLoggerSignedIn,
} from '@/lib/error-logger';
import { mockApi } from '@/testing/test-utils';

type Batch = { entries: { message: string; severity: string; category: string }[] };

function setup(status = 200) {
  const api = mockApi({
    'POST /api/system/logs': { status, body: status === 200 ? { ok: true } : undefined },
  });
  const batches = () =>
    api.calls.filter((call) => call.path === '/api/system/logs').map((c) => c.body as Batch);
  return { ...api, batches };
}

describe('error logger', () => {
  // As once signed in in the app: the reporter module is loaded before any batch leaves.
  beforeAll(async () => {
    await loadLogReporter();
  });
  beforeEach(() => {
    vi.useFakeTimers();
    resetErrorLogger();
  });
  afterEach(() => {
    resetErrorLogger();
    vi.useRealTimers();
  });

  it('sends queued errors together after 5 s', async () => {
    const { batches } = setup();
    setLoggerSignedIn(true);
    logError(new Error('Database down'), { category: 'route' });
    logError(new Error('Loading chunk 3 failed'), { category: 'route' });
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS - 1);
    expect(batches()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches()).toHaveLength(1);
    expect(batches()[0]!.entries.map((entry) => [entry.message, entry.severity])).toEqual([
      ['Database down', 'critical'],
      ['Loading chunk 3 failed', 'medium'],
    ]);
  });

  it('sends at once when 50 errors are waiting, never more than 50 per batch', async () => {
    const { batches } = setup();
    setLoggerSignedIn(true);
    for (let index = 0; index < 51; index++) logError(`error ${index}`, { category: 'test' });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches()[0]!.entries).toHaveLength(50);
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS);
    expect(batches().map((batch) => batch.entries.length)).toEqual([50, 1]);
  });

  it('logs the same message once within 5 s, and again after', async () => {
    const { batches } = setup();
    setLoggerSignedIn(true);
    logError('boom', { category: 'test' });
    logError('boom', { category: 'test' });
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS);
    logError('boom', { category: 'test' });
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS);
    expect(batches().map((batch) => batch.entries.length)).toEqual([1, 1]);
  });

  it('sends nothing for signed-out visitors and drops the queue on sign-out', async () => {
    const { batches } = setup();
    logError('before sign-in', { category: 'test' });
    setLoggerSignedIn(true);
    logError('queued then dropped', { category: 'test' });
    setLoggerSignedIn(false);
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS * 2);
    expect(batches()).toHaveLength(0);
  });

  it('never throws when the server refuses the batch', async () => {
    setup(500);
    setLoggerSignedIn(true);
    expect(() => logError(new Error('x'), { category: 'test' })).not.toThrow();
    await expect(vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS)).resolves.not.toThrow();
  });

  it('logs unhandled errors and rejections from the window', async () => {
    const { batches } = setup();
    setLoggerSignedIn(true);
    const uninstall = installGlobalErrorLogging();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('Permission denied'), message: 'x' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('fetch failed') });
    window.dispatchEvent(rejection);
    uninstall();
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS);
    expect(batches()[0]!.entries.map((entry) => [entry.category, entry.severity])).toEqual([
      ['unhandled', 'high'],
      ['unhandledrejection', 'medium'],
    ]);
  });
});
