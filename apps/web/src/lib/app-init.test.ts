import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_INIT_CACHE_KEY,
  APP_INIT_CACHE_VALID_MS,
  type AppInitCache,
  initializeApp,
  isInitCacheValid,
  TABLE_CHECK_TIMEOUT_MS,
} from './app-init';
import * as errorLogger from './error-logger';

// Mid-afternoon, local time: far from midnight unless a test moves there on purpose.
const START = new Date(2026, 2, 2, 15, 0, 0);

function readCache(): AppInitCache | null {
  const raw = localStorage.getItem(APP_INIT_CACHE_KEY);
  return raw === null ? null : (JSON.parse(raw) as AppInitCache);
}

/** A fetch that answers /api/ready with `status`, or never answers (until aborted) when null. */
function stubReady(status: number | null) {
  const fetchMock = vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        if (status !== null) resolve(new Response('{}', { status }));
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('start-up table check (SPEC 4, 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    // Development builds also print the failure; keep the test output quiet.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks /api/ready and caches the success with the time and the day', async () => {
    const fetchMock = stubReady(200);
    await expect(initializeApp()).resolves.toBe('checked');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/ready',
      expect.objectContaining({ signal: expect.anything() }),
    );
    expect(readCache()).toEqual({
      tablesChecked: true,
      timestamp: START.getTime(),
      version: START.toDateString(),
    });
  });

  it('skips the check for 5 minutes, then checks again', async () => {
    const fetchMock = stubReady(200);
    await initializeApp();
    vi.setSystemTime(START.getTime() + APP_INIT_CACHE_VALID_MS - 1);
    await expect(initializeApp()).resolves.toBe('cached');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.setSystemTime(START.getTime() + APP_INIT_CACHE_VALID_MS);
    await expect(initializeApp()).resolves.toBe('checked');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('checks again after midnight even within 5 minutes', async () => {
    const beforeMidnight = new Date(2026, 2, 2, 23, 58, 0);
    vi.setSystemTime(beforeMidnight);
    const fetchMock = stubReady(200);
    await initializeApp();
    vi.setSystemTime(new Date(2026, 2, 3, 0, 1, 0));
    await expect(initializeApp()).resolves.toBe('checked');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(readCache()?.version).toBe(new Date(2026, 2, 3).toDateString());
  });

  it('gives up after 1 s without an answer, logs a warning and caches nothing', async () => {
    stubReady(null);
    const logError = vi.spyOn(errorLogger, 'logError');
    let result: string | undefined;
    void initializeApp().then((value) => {
      result = value;
    });
    await vi.advanceTimersByTimeAsync(TABLE_CHECK_TIMEOUT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('failed');
    expect(logError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('1000 ms') }),
      expect.objectContaining({ category: 'app-init', severity: 'low' }),
    );
    expect(readCache()).toBeNull();
  });

  it('never throws: a 503, a network failure or unreadable storage only report a failure', async () => {
    stubReady(503);
    await expect(initializeApp()).resolves.toBe('failed');

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(initializeApp()).resolves.toBe('failed');

    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    stubReady(200);
    await expect(initializeApp()).resolves.toBe('checked');
  });

  it('ignores a cache that is malformed, unchecked or dated in the future', () => {
    const now = START;
    const valid: AppInitCache = {
      tablesChecked: true,
      timestamp: now.getTime(),
      version: now.toDateString(),
    };
    expect(isInitCacheValid(valid, now)).toBe(true);
    expect(isInitCacheValid({ ...valid, tablesChecked: false }, now)).toBe(false);
    expect(isInitCacheValid({ ...valid, timestamp: now.getTime() + 1000 }, now)).toBe(false);
    expect(isInitCacheValid({ ...valid, version: 'yesterday' }, now)).toBe(false);
    expect(isInitCacheValid('{}', now)).toBe(false);
    expect(isInitCacheValid(null, now)).toBe(false);
  });
});
