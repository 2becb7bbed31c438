import type { Role } from '@cursus/contracts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { setSessionUser } from '@/features/auth/session-store';
import {
  dropEarlyRequests,
  earlyRequestsOf,
  startEarlyRequests,
  takeEarlyAnswer,
} from '@/lib/early-requests';
import { buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from './router';

afterEach(dropEarlyRequests);

/** The addresses (path and query) the app asked for, in order. */
function requestedUrls(fetchMock: ReturnType<typeof mockApi>['fetchMock']): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}

describe('early requests (issue 12)', () => {
  const screens: [string, Role][] = [
    [paths.student.dashboard.path, 'student'],
    [paths.trainer.dashboard.path, 'trainer'],
  ];
  for (const [path, role] of screens) {
    it(`are what ${path} asks for itself, each address as its page builds it`, async () => {
      const early = earlyRequestsOf(path);
      expect(early.length).toBeGreaterThan(0);
      const { fetchMock } = mockApi({ 'GET /api/auth/session': { body: { user: buildUser({ role }) } } });
      renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS);
      await waitFor(() => expect(requestedUrls(fetchMock)).toEqual(expect.arrayContaining([...early])));
    });
  }

  it('hand a successful answer to the first call for its address only', async () => {
    const { fetchMock } = mockApi({ 'GET /api/trainer/dashboard': { body: { learners: 3 } } });
    startEarlyRequests(paths.trainer.dashboard.path, 'en');
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ 'Accept-Language': 'en' });
    const answer = await takeEarlyAnswer('/api/trainer/dashboard');
    expect(await answer?.json()).toEqual({ learners: 3 });
    expect(await takeEarlyAnswer('/api/trainer/dashboard')).toBeUndefined();
  });

  it('leave a refusal to be asked again, as any request', async () => {
    mockApi({});
    startEarlyRequests(paths.trainer.dashboard.path, 'fr');
    // The mock answers 501 to an address it does not list.
    expect(await takeEarlyAnswer('/api/trainer/dashboard')).toBeUndefined();
  });

  it('are forgotten when another person signs in', async () => {
    mockApi({ 'GET /api/trainer/dashboard': { body: { learners: 3 } } });
    setSessionUser(buildUser({ id: 'first', role: 'trainer' }));
    startEarlyRequests(paths.trainer.dashboard.path, 'fr');
    setSessionUser(buildUser({ id: 'second', role: 'trainer' }));
    expect(await takeEarlyAnswer('/api/trainer/dashboard')).toBeUndefined();
  });
});
