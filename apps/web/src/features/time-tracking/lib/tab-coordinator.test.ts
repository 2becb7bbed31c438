import { TIME_TRACKING } from '@cursus/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChannelHub, createFakeLocks } from '../testing/fake-tabs';
import { createTabCoordinator, type LockManagerLike, type TabCoordinator } from './tab-coordinator';

const tabs: TabCoordinator[] = [];

function openTab(options: {
  hub: ReturnType<typeof createChannelHub>;
  locks: LockManagerLike | null;
  tabId: string;
  isVisible?: () => boolean;
}) {
  const leadership: boolean[] = [];
  const payloads: unknown[] = [];
  const tab = createTabCoordinator({
    name: 'cursus-time-tracking:user-1',
    tabId: options.tabId,
    createChannel: options.hub.createChannel,
    locks: options.locks,
    isVisible: options.isVisible ?? (() => true),
    onLeadershipChange: (isLeader) => leadership.push(isLeader),
    onPayload: (payload) => payloads.push(payload),
  });
  tab.start();
  tabs.push(tab);
  return { tab, leadership, payloads };
}

/** Fake timers, and the microtasks the channel and the locks deliver on. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.dispose();
  vi.useRealTimers();
});

describe.each([
  ['Web Locks', () => createFakeLocks()],
  ['BroadcastChannel heartbeats', () => null],
])('leader election with %s', (_name, makeLocks) => {
  it('gives two tabs of one browser exactly one leader', async () => {
    const hub = createChannelHub();
    const locks = makeLocks();
    const first = openTab({ hub, locks, tabId: 'a' });
    await advance(1000);
    const second = openTab({ hub, locks, tabId: 'b' });
    await advance(TIME_TRACKING.leaderCheckIntervalMs * 3);
    expect([first.tab.isLeader(), second.tab.isLeader()]).toEqual([true, false]);
    expect(second.leadership).toEqual([]);
  });

  it('hands the lead to the remaining tab when the leader closes', async () => {
    const hub = createChannelHub();
    const locks = makeLocks();
    const first = openTab({ hub, locks, tabId: 'a' });
    await advance(1000);
    const second = openTab({ hub, locks, tabId: 'b' });
    await advance(TIME_TRACKING.leaderCheckIntervalMs);
    first.tab.dispose();
    await advance(TIME_TRACKING.leaderCheckIntervalMs);
    expect(second.tab.isLeader()).toBe(true);
    expect(second.leadership).toEqual([true]);
  });
});

describe('peers', () => {
  it('forgets a tab silent for 15 s (SPEC 9), then takes the lead it held', async () => {
    const hub = createChannelHub();
    // A leader whose page froze: it said it led once, then nothing more (no goodbye).
    const frozen = hub.createChannel('cursus-time-tracking:user-1');
    const second = openTab({ hub, locks: null, tabId: 'b' });
    frozen.postMessage({ type: 'alive', tabId: 'a', openedAt: 0, isVisible: true, isLeader: true });
    await advance(TIME_TRACKING.leaderCheckIntervalMs);
    expect(second.tab.livePeerCount()).toBe(1);
    expect(second.tab.isLeader()).toBe(false);
    await advance(TIME_TRACKING.crossTabForgetMs - TIME_TRACKING.leaderCheckIntervalMs);
    expect(second.tab.livePeerCount()).toBe(0);
    await advance(TIME_TRACKING.leaderCheckIntervalMs);
    expect(second.tab.isLeader()).toBe(true);
  });

  it('tells the leader whether any tab shows the page', async () => {
    const hub = createChannelHub();
    let secondVisible = true;
    const first = openTab({ hub, locks: null, tabId: 'a', isVisible: () => false });
    const second = openTab({ hub, locks: null, tabId: 'b', isVisible: () => secondVisible });
    await advance(TIME_TRACKING.crossTabHeartbeatMs);
    expect(first.tab.isAnyTabVisible()).toBe(true);
    secondVisible = false;
    second.tab.announce();
    await advance(0);
    expect(first.tab.isAnyTabVisible()).toBe(false);
  });

  it('delivers payloads to the other tabs only', async () => {
    const hub = createChannelHub();
    const first = openTab({ hub, locks: null, tabId: 'a' });
    const second = openTab({ hub, locks: null, tabId: 'b' });
    first.tab.broadcast({ type: 'activity' });
    await advance(0);
    expect(second.payloads).toEqual([{ type: 'activity' }]);
    expect(first.payloads).toEqual([]);
  });
});
