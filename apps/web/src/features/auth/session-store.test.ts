import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, buildUser, mockApi } from '@/testing/test-utils';
import {
  checkSession,
  getSessionSnapshot,
  REMEMBERED_SESSION_KEY,
  resetSessionStore,
  setSessionUser,
  subscribeToSession,
} from './session-store';

afterEach(() => vi.useRealTimers());

describe('session store', () => {
  it('starts loading, then holds the person the server names, and tells its listeners', async () => {
    const user = buildUser();
    mockApi({ 'GET /api/auth/session': { body: { user } } });
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    expect(getSessionSnapshot().status).toBe('loading');
    await checkSession();
    unsubscribe();
    expect(getSessionSnapshot()).toEqual({ status: 'ready', user, error: null });
    expect(listener).toHaveBeenCalled();
  });

  it('asks once however many callers ask at the same time', async () => {
    const { calls } = mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    await Promise.all([checkSession(), checkSession(), checkSession()]);
    expect(calls).toHaveLength(1);
  });

  it('forgets a check started before a reset (component test files share this module)', async () => {
    vi.useFakeTimers();
    const user = buildUser();
    // The first check fails and would try again after a second, when the server says nobody.
    const answers = [apiError('SERVER_ERROR', 503), { body: { user } }, { body: { user: null } }];
    mockApi({ 'GET /api/auth/session': () => answers.shift() ?? apiError('SERVER_ERROR', 503) });
    const before = checkSession();
    resetSessionStore();
    await checkSession();
    expect(getSessionSnapshot().user).toEqual(user);
    await vi.advanceTimersByTimeAsync(1000);
    await before;
    // It neither asked again (a later case's server would have counted the call) nor signed out.
    expect(answers).toEqual([{ body: { user: null } }]);
    expect(getSessionSnapshot()).toEqual({ status: 'ready', user, error: null });
  });

  it('tries a server failure once more after a second, as the query cache did', async () => {
    vi.useFakeTimers();
    let answers = 0;
    mockApi({
      'GET /api/auth/session': () =>
        answers++ === 0 ? apiError('SERVER_ERROR', 503) : { body: { user: null } },
    });
    const checked = checkSession();
    await vi.advanceTimersByTimeAsync(1000);
    await checked;
    expect(answers).toBe(2);
    expect(getSessionSnapshot()).toEqual({ status: 'ready', user: null, error: null });
  });

  it('does not ask again after a refusal, and keeps a person already known when a refresh fails', async () => {
    const user = buildUser();
    setSessionUser(user);
    const { calls } = mockApi({ 'GET /api/auth/session': apiError('FORBIDDEN', 403) });
    await checkSession();
    expect(calls).toHaveLength(1);
    expect(getSessionSnapshot()).toEqual({ status: 'ready', user, error: null });
  });

  it('reports the failure when nobody is known yet', async () => {
    mockApi({ 'GET /api/auth/session': apiError('FORBIDDEN', 403) });
    await checkSession();
    expect(getSessionSnapshot().user).toBeNull();
    expect(getSessionSnapshot().error).toBeInstanceOf(Error);
  });

  it('opens, without a connection, as the person this device last saw signed in, and forgets them at sign-out', async () => {
    vi.useFakeTimers();
    const user = buildUser();
    setSessionUser(user);
    expect(JSON.parse(localStorage.getItem(REMEMBERED_SESSION_KEY) ?? '{}')).toEqual({ user });
    resetSessionStore();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const checked = checkSession();
    await vi.advanceTimersByTimeAsync(1000);
    await checked;
    expect(getSessionSnapshot()).toEqual({ status: 'ready', user, error: null });

    setSessionUser(null);
    expect(localStorage.getItem(REMEMBERED_SESSION_KEY)).toBeNull();
    resetSessionStore();
    const again = checkSession();
    await vi.advanceTimersByTimeAsync(1000);
    await again;
    expect(getSessionSnapshot().user).toBeNull();
    expect(getSessionSnapshot().error).toBeInstanceOf(Error);
  });

  it('does not stand in for a server that answers: a refused session is nobody', async () => {
    setSessionUser(buildUser());
    resetSessionStore();
    mockApi({ 'GET /api/auth/session': apiError('FORBIDDEN', 403) });
    await checkSession();
    expect(getSessionSnapshot().user).toBeNull();
  });
});
