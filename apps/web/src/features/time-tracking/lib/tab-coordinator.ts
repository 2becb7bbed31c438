import { TIME_TRACKING } from '@cursus/contracts';
import { systemClock, type TrackerClock } from './time-tracker-machine';

/**
 * SPEC 4 cross-tab: one active session for the whole browser. The tabs of one learner elect a
 * leader, the only one that writes to the server; the others show the time the leader shares.
 * Web Locks decide the leader where the browser has them (exclusive by construction, handed over
 * when the holder closes); otherwise the tabs run an election over BroadcastChannel heartbeats.
 */

export interface ChannelLike {
  postMessage: (message: unknown) => void;
  close: () => void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface LockManagerLike {
  request: (
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ) => Promise<unknown>;
}

interface PeerInfo {
  openedAt: number;
  isVisible: boolean;
  isLeader: boolean;
  lastSeen: number;
}

/** What tabs say to each other besides their heartbeats. */
export type TabPayload =
  | { type: 'state'; state: unknown }
  | { type: 'activity' }
  | { type: 'presence-confirmed' };

type WireMessage =
  | { type: 'alive'; tabId: string; openedAt: number; isVisible: boolean; isLeader: boolean }
  | { type: 'hello'; tabId: string; openedAt: number; isVisible: boolean; isLeader: boolean }
  | { type: 'bye'; tabId: string }
  | { type: 'payload'; tabId: string; payload: TabPayload };

export interface TabCoordinatorOptions {
  /** One channel and one lock per learner. */
  name: string;
  clock?: TrackerClock;
  createChannel?: (name: string) => ChannelLike | null;
  /** `null` forces the BroadcastChannel election. */
  locks?: LockManagerLike | null;
  isVisible: () => boolean;
  onLeadershipChange: (isLeader: boolean) => void;
  onPayload: (payload: TabPayload, fromTabId: string) => void;
  /** Whether some tab of this browser shows the page changed (a peer reported, or was forgotten). */
  onPeersChange?: () => void;
  tabId?: string;
}

export interface TabCoordinator {
  readonly tabId: string;
  start: () => void;
  isLeader: () => boolean;
  /** This tab or a live peer is visible. */
  isAnyTabVisible: () => boolean;
  livePeerCount: () => number;
  /** Tells the peers this tab's visibility at once instead of at the next heartbeat. */
  announce: () => void;
  broadcast: (payload: TabPayload) => void;
  dispose: () => void;
}

function defaultChannel(name: string): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
}

function defaultLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as LockManagerLike) : null;
}

export function createTabCoordinator(options: TabCoordinatorOptions): TabCoordinator {
  const clock = options.clock ?? systemClock;
  const tabId = options.tabId ?? crypto.randomUUID();
  const openedAt = clock.now();
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const peers = new Map<string, PeerInfo>();
  let channel: ChannelLike | null = null;
  let isLeader = false;
  let heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  let leaderCheckTimer: ReturnType<typeof setInterval> | null = null;
  let firstCheckTimer: ReturnType<typeof setTimeout> | null = null;
  let releaseLock: (() => void) | null = null;
  const lockAbort = new AbortController();
  let isDisposed = false;

  const setLeader = (next: boolean) => {
    if (next === isLeader || isDisposed) return;
    isLeader = next;
    announce();
    options.onLeadershipChange(next);
  };

  const post = (message: WireMessage) => channel?.postMessage(message);

  function announce(type: 'alive' | 'hello' = 'alive') {
    post({ type, tabId, openedAt, isVisible: options.isVisible(), isLeader });
  }

  /** SPEC 9: tabs silent for 15 s are forgotten. */
  const forgetSilentPeers = () => {
    const now = clock.now();
    let changed = false;
    for (const [id, peer] of peers) {
      if (now - peer.lastSeen >= TIME_TRACKING.crossTabForgetMs) {
        peers.delete(id);
        changed = true;
      }
    }
    if (changed) options.onPeersChange?.();
  };

  const isOlder = (a: { openedAt: number; tabId: string }, b: { openedAt: number; tabId: string }) =>
    a.openedAt < b.openedAt || (a.openedAt === b.openedAt && a.tabId < b.tabId);

  /** The BroadcastChannel election: a live leader stays; without one, the oldest tab takes over. */
  const electLeader = () => {
    forgetSilentPeers();
    if (locks) return;
    const me = { openedAt, tabId };
    const live = [...peers].map(([id, peer]) => ({ ...peer, tabId: id }));
    const otherLeaders = live.filter((peer) => peer.isLeader);
    if (isLeader) {
      // Two leaders (a partition healed): the older one keeps the session.
      if (otherLeaders.some((peer) => isOlder(peer, me))) setLeader(false);
      return;
    }
    if (otherLeaders.length > 0) return;
    if (live.every((peer) => isOlder(me, peer))) setLeader(true);
  };

  const onMessage = (event: MessageEvent) => {
    const message = event.data as WireMessage;
    if (!message || typeof message !== 'object' || message.tabId === tabId) return;
    if (message.type === 'bye') {
      peers.delete(message.tabId);
      options.onPeersChange?.();
      // The leader left: elect again now rather than at the next check.
      electLeader();
      return;
    }
    if (message.type === 'alive' || message.type === 'hello') {
      const previous = peers.get(message.tabId);
      peers.set(message.tabId, {
        openedAt: message.openedAt,
        isVisible: message.isVisible,
        isLeader: message.isLeader,
        lastSeen: clock.now(),
      });
      if (message.type === 'hello') announce();
      if (!previous || previous.isVisible !== message.isVisible) options.onPeersChange?.();
      if (isLeader && message.isLeader && !locks) electLeader();
      return;
    }
    const peer = peers.get(message.tabId);
    if (peer) peer.lastSeen = clock.now();
    options.onPayload(message.payload, message.tabId);
  };

  return {
    tabId,
    start() {
      channel = (options.createChannel ?? defaultChannel)(options.name);
      if (channel) channel.onmessage = onMessage;
      announce('hello');
      // SPEC 9: cross-tab heartbeat every 5 s; leader check every 10 s.
      heartbeatTimer = clock.setInterval(() => {
        forgetSilentPeers();
        announce();
      }, TIME_TRACKING.crossTabHeartbeatMs);
      leaderCheckTimer = clock.setInterval(electLeader, TIME_TRACKING.leaderCheckIntervalMs);
      if (locks) {
        void locks
          .request(`${options.name}:leader`, { signal: lockAbort.signal }, () => {
            if (isDisposed) return Promise.resolve();
            setLeader(true);
            // Held until this tab goes away; the browser then hands the lock to the next tab.
            return new Promise<void>((resolve) => {
              releaseLock = resolve;
            });
          })
          .catch(() => {
            // Aborted on dispose, or the lock manager refused: this tab stays a follower.
          });
      } else if (!channel) {
        // Neither locks nor channels: this tab is alone as far as it can know.
        setLeader(true);
      } else {
        // Let the other tabs answer the hello before the first election.
        firstCheckTimer = clock.setTimeout(electLeader, TIME_TRACKING.crossTabHeartbeatMs);
      }
    },
    isLeader: () => isLeader,
    isAnyTabVisible() {
      forgetSilentPeers();
      return options.isVisible() || [...peers.values()].some((peer) => peer.isVisible);
    },
    livePeerCount() {
      forgetSilentPeers();
      return peers.size;
    },
    announce: () => announce(),
    broadcast(payload) {
      post({ type: 'payload', tabId, payload });
    },
    dispose() {
      if (isDisposed) return;
      post({ type: 'bye', tabId });
      isDisposed = true;
      isLeader = false;
      if (heartbeatTimer !== null) clock.clearInterval(heartbeatTimer);
      if (leaderCheckTimer !== null) clock.clearInterval(leaderCheckTimer);
      if (firstCheckTimer !== null) clock.clearTimeout(firstCheckTimer);
      releaseLock?.();
      lockAbort.abort();
      channel?.close();
      channel = null;
    },
  };
}
