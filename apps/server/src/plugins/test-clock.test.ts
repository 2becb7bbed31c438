import type { StartTimeSessionResult } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../test/courses-world.ts';
import { createTestApp, ORIGIN, type TestApp } from '../../test/helper.ts';
import { parseEnv } from '../config/env.ts';
import { createTestClock } from './test-clock.ts';

describe('the test clock', () => {
  it('is off unless TEST_CLOCK is set, and cannot be turned on in production', () => {
    expect(parseEnv({}).TEST_CLOCK).toBe(false);
    expect(() => parseEnv({ TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK/);
  });

  it('only moves forward', () => {
    const clock = createTestClock(() => 1_000);
    expect(clock.setOffset(5_000)).toBe(5_000);
    expect(clock.setOffset(2_000)).toBe(5_000);
    expect(clock.now().getTime()).toBe(6_000);
  });

  describe('by default', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp();
    });
    afterAll(() => testApp.close());

    it('has no route to move the clock', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        headers: ORIGIN,
        payload: { offsetMs: 3_600_000 },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('with TEST_CLOCK=true', () => {
    let world: CoursesWorld;
    beforeAll(async () => {
      world = await createCoursesWorld({ TEST_CLOCK: 'true' });
    });
    afterAll(() => world.close());

    it('moves the clock that bounds tracked time', async () => {
      const { session } = expectStatus<StartTimeSessionResult>(
        await world.call('studentA1', 'POST', '/api/time-tracking/sessions/start', {}),
        200,
      );
      const moved = await world.testApp.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        headers: ORIGIN,
        payload: { offsetMs: 600_000 },
      });
      expect(moved.statusCode).toBe(200);
      expect(Date.parse(moved.json().now) - Date.now()).toBeGreaterThan(590_000);
      // Ten minutes claimed right after the start: accepted only because the server's clock moved.
      const heartbeat = await world.call(
        'studentA1',
        'POST',
        `/api/time-tracking/sessions/${session.id}/heartbeat`,
        { elapsedSeconds: 600 },
      );
      expect(heartbeat.json().durationSeconds).toBe(600);
    });

    it('runs the jobs that fell due when it moves, as the scheduler would', async () => {
      const openSessions = async () =>
        (await world.call('studentA1', 'GET', '/api/time-tracking/sessions/open')).json().items;
      expect(await openSessions()).toHaveLength(1);
      // Two hours later the hourly integrity job has run: the session, silent since, is stuck.
      const moved = await world.testApp.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        headers: ORIGIN,
        payload: { offsetMs: 600_000 + 2 * 3_600_000 },
      });
      expect(moved.statusCode).toBe(200);
      expect(await openSessions()).toEqual([]);
      const me = (await world.call('studentA1', 'GET', '/api/time-tracking/me')).json();
      expect(me.totalSeconds).toBe(600);
    });
  });
});
