import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../../test/helper.ts';
import { createScheduler, type ScheduledJob } from './scheduler.ts';

const HOUR = 3_600_000;
const silent = { error() {} };

describe('scheduler: who runs a job is decided by the database clock', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function counting(name: string) {
    const runs: Date[] = [];
    const job: ScheduledJob = { name, intervalMs: HOUR, run: async (at) => runs.push(at) };
    return { job, runs };
  }

  function store() {
    const { system } = testApp.modules;
    return { claim: system.service.claimJobRun, finish: system.service.finishJobRun };
  }

  // PGlite runs inside this process: its now() reads the same clock the test moves.
  it.skipIf(ENGINE !== 'postgres')(
    'an instance whose clock runs two hours ahead does not run an hourly job again (PostgreSQL only: PGlite shares the process clock)',
    async () => {
      const { job, runs } = counting('clock-skew-check');
      await createScheduler({ jobs: [job], store: store(), log: silent }).tick();
      expect(runs).toHaveLength(1);

      // A second instance (or this one after an NTP jump) believes two hours have passed.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2 * HOUR);
      await createScheduler({ jobs: [job], store: store(), log: silent }).tick();
      expect(runs).toHaveLength(1);
      expect(
        (await testApp.modules.system.service.lastJobRun('clock-skew-check'))?.finishedAt,
      ).not.toBeNull();
    },
  );

  it('an injected clock (tests, TEST_CLOCK journeys) still decides, so moved time runs due jobs', async () => {
    const { job, runs } = counting('injected-clock-check');
    let clock = new Date('2030-01-01T00:00:00Z');
    const scheduler = createScheduler({ jobs: [job], store: store(), now: () => clock, log: silent });
    await scheduler.tick();
    await scheduler.tick();
    expect(runs).toHaveLength(1);
    clock = new Date(clock.getTime() + HOUR);
    await scheduler.tick();
    expect(runs).toHaveLength(2);
  });
});
